// sanitize-html ships no types; this declares the part the server uses.
declare module 'sanitize-html' {
  type Attributes = Record<string, string>;
  type Frame = { tag: string; attribs: Attributes; text: string };
  type Options = {
    allowedTags?: string[] | false;
    allowedAttributes?: Record<string, string[]> | false;
    allowedSchemes?: string[];
    allowedSchemesByTag?: Record<string, string[]>;
    allowProtocolRelative?: boolean;
    disallowedTagsMode?: 'discard' | 'escape' | 'recursiveEscape';
    transformTags?: Record<
      string,
      (tagName: string, attribs: Attributes) => { tagName: string; attribs: Attributes }
    >;
    /** Drops an element (and its content) when it answers true. */
    exclusiveFilter?: (frame: Frame) => boolean;
  };
  function sanitizeHtml(dirty: string, options?: Options): string;
  namespace sanitizeHtml {
    const defaults: Required<Pick<Options, 'allowedTags' | 'allowedAttributes'>> & { allowedTags: string[] };
  }
  export default sanitizeHtml;
}
