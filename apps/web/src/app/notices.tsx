import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Where notifications and confirmation modals appear. Screens open them through the packages'
 * event APIs (`notifications.show`, `modals.openConfirmModal`), so these need wrap nothing and load
 * after the first screen instead of in the page's first script.
 */
export function Notices() {
  return (
    <>
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} />
      <Notifications position="top-right" />
    </>
  );
}
