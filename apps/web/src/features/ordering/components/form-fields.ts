import type { TestFormValues, TestKind } from '../test-form-values';
import type { FormIssues } from '../validation';

export type SetField = <K extends keyof TestFormValues>(field: K, value: TestFormValues[K]) => void;

/** What every section of the ordering form receives. */
export type SectionProps = {
  kind: TestKind;
  values: TestFormValues;
  issues: FormIssues;
  setField: SetField;
};
