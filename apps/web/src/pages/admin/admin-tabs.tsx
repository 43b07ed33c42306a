import { Tabs } from '@mantine/core';
import { IconBuilding, IconUsers } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** The admin area: Companies and Users. */
export function AdminSection() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab = pathname.startsWith('/admin/users') ? 'users' : 'companies';
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
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
