import type { User } from '@limbus/contract';
import { displayName } from '../auth';

export type Option = { value: string; label: string };

export const userOption = (user: User): Option => ({ value: String(user.id), label: displayName(user) });

/** Select values are strings; ids travel as numbers, an empty choice as null. */
export const toIdOrNull = (value: string | null) => (value ? Number(value) : null);
export const fromId = (id: number | null) => (id === null ? null : String(id));
