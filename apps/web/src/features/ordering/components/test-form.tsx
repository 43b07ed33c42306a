import { TEST_MESSAGES, TEST_TYPE_NAMES, type TestDetail } from '@limbus/contract';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api';
import { openConfirmDelete } from '../../../ui';
import { useCompany } from '../../organisation';
import { type SaveTestInput, useDeleteTest, useSaveTest } from '../api';
import { remainingTests } from '../credits';
import { type OrderState, toTestWrite } from '../test-body';
import type { TestKind } from '../test-form-values';
import { useTestForm } from '../use-test-form';
import { formIssues } from '../validation';
import { AboutSection } from './about-section';
import { ExtrasSection } from './extras-section';
import { OutOfTestsBanner } from './out-of-tests-banner';
import { QuestionsSection } from './questions-section';
import { TargetGroupSection } from './target-group-section';
import { TaskSection } from './task-section';
import { TestSummary } from './test-summary';
import { VideoSection } from './video-section';

/** Spec 2 §9: after Save as draft the form waits this long before going to /tests/. */
export const DRAFT_REDIRECT_MS = 1000;

export type TestFormMode = 'create' | 'edit' | 'view';

/** The fields are locked while a save or delete runs: one disabled fieldset per block of sections. */
function Fields({ isReadOnly, children }: { isReadOnly: boolean; children: ReactNode }) {
  return (
    <Box component="fieldset" disabled={isReadOnly} m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Stack gap="lg">{children}</Stack>
    </Box>
  );
}

function focusFirstIssue() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The creation, edit and view form of /create-test/web and /create-test/video (spec 2 §2): Save as
 * draft, Request test (while tests of the chosen type remain), Delete for a draft, video upload.
 */
export function TestForm({
  kind,
  test,
  mode,
  companyId,
}: {
  kind: TestKind;
  test?: TestDetail;
  mode: TestFormMode;
  companyId: number | null;
}) {
  const navigate = useNavigate();
  const form = useTestForm(kind, test);
  const save = useSaveTest();
  const remove = useDeleteTest();
  const company = useCompany(companyId);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const isReadOnly = mode === 'view';
  const remaining = company.data ? remainingTests(company.data, form.values.test_type) : null;
  const canRequest = !isReadOnly && (company.isError || (remaining ?? 0) > 0);
  const isBusy = save.isPending || remove.isPending || isLeaving;

  const handleFailure = (error: Error) => {
    setFailure(error.message);
    if (isApiError(error)) form.setIssues((current) => ({ ...current, ...error.fieldErrors() }));
    focusFirstIssue();
  };

  /**
   * Saving a request can turn the edit form into a view (the refetched test is no longer a draft),
   * which remounts it: the next step follows the awaited call, not a callback of this component.
   */
  const runSave = async (input: Omit<SaveTestInput, 'onProgress'>): Promise<boolean> => {
    setFailure(null);
    try {
      await save.mutateAsync({ ...input, onProgress: setProgress });
      return true;
    } catch (error) {
      handleFailure(error as Error);
      return false;
    } finally {
      setProgress(null);
    }
  };

  const handleSave = async (state: OrderState) => {
    const found = formIssues(form.values, state);
    if (form.videoIssue) found.video = form.videoIssue;
    form.setIssues(found);
    if (Object.keys(found).length > 0) {
      setFailure(null);
      focusFirstIssue();
      return;
    }
    if (!(await runSave({ id: test?.id, write: toTestWrite(form.values, state), video: form.video }))) return;
    setIsLeaving(true);
    if (state === 'requested') {
      navigate('/success/');
      return;
    }
    notifications.show({ color: 'teal', message: 'Your test has been saved as a draft' });
    redirect.current = setTimeout(() => navigate('/tests/'), DRAFT_REDIRECT_MS);
  };

  const handleSaveVideo = async () => {
    if (!test || !form.video || form.videoIssue) return;
    if (!(await runSave({ id: test.id, write: {}, video: form.video }))) return;
    form.chooseVideo(null);
    notifications.show({ color: 'teal', message: 'The video has been uploaded' });
  };

  const handleDelete = () => {
    if (!test) return;
    openConfirmDelete({
      message: TEST_MESSAGES.confirmRemove,
      onConfirm: () =>
        remove.mutate(test, {
          onSuccess: () => {
            setIsLeaving(true);
            navigate('/tests/');
          },
          onError: handleFailure,
        }),
    });
  };

  const sectionProps = { kind, values: form.values, issues: form.issues, setField: form.setField };
  const hasIssues = Object.keys(form.issues).length > 0;
  const failureAlert =
    failure || hasIssues ? (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {failure ?? 'Some fields need your attention.'}
      </Alert>
    ) : null;
  const videoSection =
    kind === 'video' ? (
      <VideoSection
        videoUrl={test?.video ?? null}
        file={form.video}
        onFileChange={form.chooseVideo}
        error={form.issues.video}
        progress={progress}
        isReadOnly={isReadOnly}
        onSaveVideo={() => void handleSaveVideo()}
        isSaving={save.isPending}
      />
    ) : null;

  if (isReadOnly && test) {
    return (
      <Stack gap="lg" maw={880}>
        <TestSummary kind={kind} test={test} video={videoSection} />
        {failureAlert}
      </Stack>
    );
  }

  return (
    // Enter in a field must not request a test (and use a credit): the buttons act, not the form
    <form aria-label="Test details" noValidate onSubmit={(event) => event.preventDefault()}>
      <Stack gap="lg" maw={880}>
        {remaining === 0 ? <OutOfTestsBanner type={form.values.test_type} /> : null}
        <Fields isReadOnly={isBusy}>
          <AboutSection {...sectionProps} />
          {kind === 'web' ? <TaskSection {...sectionProps} /> : null}
        </Fields>
        {videoSection}
        <Fields isReadOnly={isBusy}>
          <TargetGroupSection {...sectionProps} />
          <QuestionsSection {...sectionProps} />
          <ExtrasSection {...sectionProps} />
        </Fields>
        {failureAlert}
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          {mode === 'edit' ? (
            <Button variant="outline" color="red" onClick={handleDelete} disabled={isBusy}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            {remaining !== null && remaining > 0 ? (
              <Text size="sm" c="dimmed">
                {remaining} {TEST_TYPE_NAMES[form.values.test_type]} {remaining === 1 ? 'test' : 'tests'}{' '}
                remaining
              </Text>
            ) : null}
            <Button
              variant="default"
              onClick={() => void handleSave('draft')}
              disabled={isBusy && save.variables?.write.state !== 'draft'}
              loading={isBusy && save.variables?.write.state === 'draft'}
            >
              Save as draft
            </Button>
            {canRequest ? (
              <Button
                onClick={() => void handleSave('requested')}
                disabled={isBusy && save.variables?.write.state !== 'requested'}
                loading={isBusy && save.variables?.write.state === 'requested'}
              >
                Request test
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
