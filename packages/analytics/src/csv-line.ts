/** Splits one CSV line; fields may be quoted ("a,b", "" for a quote). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (isQuoted) {
      if (char === '"' && line[i + 1] === '"') field += line[i++];
      else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}
