import type { TestDetail } from '@limbus/contract';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { SetField } from './components/form-fields';
import { emptyValues, type TestFormValues, type TestKind, valuesFromTest } from './test-form-values';
import { videoFileIssue } from './video-file';

/**
 * The ordering form: a Mantine form of its values and issues (validated by the action chosen, see
 * formIssues), and the chosen video. Changing a field clears its issues, a list's slots' too.
 */
export function useTestForm(kind: TestKind, test: TestDetail | undefined) {
  const form = useForm<TestFormValues>({
    initialValues: test ? valuesFromTest(test) : emptyValues(kind),
    // setField clears the issues of the field changed, and of its slots; the others stay
    clearInputErrorOnChange: false,
  });
  const [video, setVideo] = useState<File | null>(null);

  const setField: SetField = (field, value) => {
    const change: Partial<TestFormValues> = {};
    change[field] = value;
    form.setValues(change);
    form.setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([key]) => key !== field && !key.startsWith(`${field}.`)),
      ),
    );
  };

  const chooseVideo = (file: File | null) => {
    setVideo(file);
    form.setFieldError('video', file ? videoFileIssue(file) : undefined);
  };

  return {
    values: form.values,
    issues: form.errors,
    setIssues: form.setErrors,
    setField,
    video,
    videoIssue: video ? videoFileIssue(video) : undefined,
    chooseVideo,
  };
}
