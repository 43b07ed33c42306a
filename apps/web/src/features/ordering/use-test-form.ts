import type { TestDetail } from '@limbus/contract';
import { useCallback, useState } from 'react';
import { emptyValues, type TestFormValues, type TestKind, valuesFromTest } from './test-form-values';
import type { FormIssues } from './validation';
import { videoFileIssue } from './video-file';

/** Values, issues and the chosen video of the ordering form; changing a field clears its issues. */
export function useTestForm(kind: TestKind, test: TestDetail | undefined) {
  const [values, setValues] = useState<TestFormValues>(() =>
    test ? valuesFromTest(test) : emptyValues(kind),
  );
  const [issues, setIssues] = useState<FormIssues>({});
  const [video, setVideo] = useState<File | null>(null);

  const setField = useCallback(<K extends keyof TestFormValues>(field: K, value: TestFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setIssues((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => key !== field && !key.startsWith(`${field}.`)),
      ),
    );
  }, []);

  const chooseVideo = useCallback((file: File | null) => {
    setVideo(file);
    setIssues(({ video: _previous, ...rest }) => {
      const issue = file ? videoFileIssue(file) : undefined;
      return issue ? { ...rest, video: issue } : rest;
    });
  }, []);

  return { values, issues, setIssues, setField, video, chooseVideo };
}
