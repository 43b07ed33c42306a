export { useCreateUser, useDeleteUser, useUpdateUser, useUser } from './api';
export { AddMemberForm } from './components/add-member-form';
export { EditMemberForm } from './components/edit-member-form';
export { MembersTable } from './components/members-table';
export { MEMBER_ROLE_OPTIONS } from './member-roles';
