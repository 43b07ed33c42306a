import { Tabs } from '@mantine/core';
import { IconBuilding, IconListSearch, IconUsers } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';

const TABS = ['companies', 'users', 'audit'] as const;

/** The admin area: Companies, Users and the Audit log. */
export function AdminSection() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = TABS.find((name) => pathname.startsWith(`/admin/${name}`)) ?? 'companies';
  return (
    <>
      <Tabs value={tab} onChange={(value) => void navigate(`/admin/${value ?? 'companies'}`)} mb="lg">
        <Tabs.List aria-label="Admin">
          <Tabs.Tab value="companies" leftSection={<IconBuilding size={16} aria-hidden />}>
            Companies
          </Tabs.Tab>
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="audit" leftSection={<IconListSearch size={16} aria-hidden />}>
            Audit log
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
