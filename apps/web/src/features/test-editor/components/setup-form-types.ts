import type { UseFormReturnType } from '@mantine/form';
import type { SetupFormValues } from '../setup-form';

/** The editor's form state, handed to each tab. */
export type SetupForm = UseFormReturnType<SetupFormValues>;
