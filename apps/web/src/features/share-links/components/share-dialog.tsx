import {
  firstErrorMessage,
  readerOfUser,
  SHARE_LINK_DEFAULT_EXPIRY_DAYS,
  SHARE_LINK_EXPIRY_DAYS,
  SHARE_LINK_PASSWORD_MIN,
  type ShareLinkScope,
  sharesResults,
  type TestDetail,
} from '@limbus/contract';
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../api';
import { formatDate } from '../../../ui';
import { useCurrentUser } from '../../account';
import { useCreateShareLink } from '../api';

const EXPIRY_OPTIONS = SHARE_LINK_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 1 ? '1 day' : `${days} days`,
}));

type FormProps = {
  testId: number;
  /** An insight link names its insight; a test link shares the test's results. */
  insight?: { id: number; assigned_id: number };
  /** With `insight`: a link to the insight's published evidence reel, not to the insight. */
  reel?: boolean;
};

/** What a link shares, in the words of its button, its dialog and its answer. */
function wordsOf({ insight, reel }: Pick<FormProps, 'insight' | 'reel'>) {
  if (insight && reel)
    return {
      button: 'Share reel',
      title: `Share the evidence reel of insight ${insight.assigned_id} by link`,
      what: 'this evidence reel',
    };
  if (insight)
    return {
      button: 'Share this insight',
      title: `Share insight ${insight.assigned_id} by link`,
      what: 'this insight',
    };
  return { button: 'Share', title: 'Share the results by link', what: "the test's results" };
}

const scopeOf = ({ insight, reel }: Pick<FormProps, 'insight' | 'reel'>): ShareLinkScope =>
  insight ? (reel ? 'reel' : 'insight') : 'test';

/**
 * 'Share' on a done test's results (or one insight, or its published evidence reel): a link with
 * expiry, password and recordings, for whom the server lets share (the contract's sharesResults);
 * nothing for anyone else.
 */
export function ShareButton({
  test,
  insight,
  reel = false,
}: {
  test: TestDetail;
  insight?: FormProps['insight'];
  reel?: boolean;
}) {
  const { user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const testId = test.id;
  if (test.state !== 'done' || !user || !sharesResults(readerOfUser(user), { companyId: test.company_id }))
    return null;
  const words = wordsOf({ insight, reel });
  return (
    <>
      <Button variant="default" size={reel ? 'xs' : undefined} onClick={() => setOpened(true)}>
        {words.button}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={words.title} centered>
        {opened && (
          <ShareForm testId={testId} insight={insight} reel={reel} onDone={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}

function ShareForm({ testId, insight, reel, onDone }: FormProps & { onDone: () => void }) {
  const create = useCreateShareLink(testId);
  const [expiry, setExpiry] = useState(String(SHARE_LINK_DEFAULT_EXPIRY_DAYS));
  const [password, setPassword] = useState('');
  const [allowRecordings, setAllowRecordings] = useState(false);
  const created = create.data;

  if (created) {
    const url = `${window.location.origin}${created.path}`;
    return (
      <Stack gap="md">
        <Text size="sm">
          Anyone with this link can {reel ? 'play and download' : 'read'} {wordsOf({ insight, reel }).what}{' '}
          until {formatDate(created.data.expires_at)}
          {created.data.has_password ? ', with the password' : ''}. It is shown only now: copy it.
        </Text>
        <TextInput label="Link" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <Group justify="flex-end">
          <CopyButton value={url}>
            {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    );
  }

  const passwordTooShort = password !== '' && password.length < SHARE_LINK_PASSWORD_MIN;
  const submit = () => {
    const scope = scopeOf({ insight, reel });
    create.mutate({
      scope,
      ...(insight ? { insight_id: insight.id } : {}),
      expires_in_days: Number(expiry) as (typeof SHARE_LINK_EXPIRY_DAYS)[number],
      ...(password ? { password } : {}),
      // a reel is itself the recordings it shows
      allow_recordings: scope !== 'reel' && allowRecordings,
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!passwordTooShort) submit();
      }}
    >
      <Stack gap="md">
        <Select
          label="Expires after"
          data={EXPIRY_OPTIONS}
          value={expiry}
          onChange={(value) => setExpiry(value ?? String(SHARE_LINK_DEFAULT_EXPIRY_DAYS))}
          allowDeselect={false}
        />
        <PasswordInput
          label="Password (optional)"
          description="Visitors enter it once per browser; it opens the link for 24 hours."
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={
            passwordTooShort ? `Use at least ${SHARE_LINK_PASSWORD_MIN} characters, or no password` : null
          }
          autoComplete="new-password"
        />
        {!reel && (
          <Checkbox
            label="Recordings may be played"
            checked={allowRecordings}
            onChange={(event) => setAllowRecordings(event.currentTarget.checked)}
          />
        )}
        {create.isError && (
          <Alert color="red" variant="light">
            {isApiError(create.error)
              ? (firstErrorMessage(create.error.body) ?? create.error.message)
              : 'The link could not be made'}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
