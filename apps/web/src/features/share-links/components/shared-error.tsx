import { SHARE_LINK_MESSAGES } from '@limbus/contract';
import { Alert } from '@mantine/core';
import { isApiError } from '../../../api';

/**
 * Why a link, or one of its screens, shows nothing: gone (expired, revoked, unknown: one
 * message), withheld (409: the server says why, e.g. a participant did not consent), or a fault.
 */
export function SharedError({ error }: { error: unknown }) {
  const status = isApiError(error) ? error.status : null;
  if (status === 404)
    return (
      <Alert color="gray" variant="light" title="Link not available">
        {SHARE_LINK_MESSAGES.gone}
      </Alert>
    );
  if (status === 409 && isApiError(error))
    return (
      <Alert color="gray" variant="light" title="Not shown">
        {error.message}
      </Alert>
    );
  return (
    <Alert color="red" variant="light" title="Something went wrong">
      {isApiError(error) ? error.message : 'The link could not be opened.'}
    </Alert>
  );
}
