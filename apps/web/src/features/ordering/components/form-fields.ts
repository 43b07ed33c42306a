import type { FormErrors } from '@mantine/form';
import type { TestFormValues, TestKind } from '../test-form-values';

export type SetField = <K extends keyof TestFormValues>(field: K, value: TestFormValues[K]) => void;

/** What every section of the ordering form receives. */
export type SectionProps = {
  kind: TestKind;
  values: TestFormValues;
  /** Messages by field, and by slot of a list ('associations.2'). */
  issues: FormErrors;
  setField: SetField;
};
