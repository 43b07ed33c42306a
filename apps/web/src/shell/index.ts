export { AppLayout } from './app-layout';
export { BrandMark } from './brand-mark';
export { BlockDemoCompany, RequireAuth, RequireLicence, TOKEN_WAIT_TIMEOUT_MS } from './guards';
export { Sidebar } from './sidebar';
export { getSidebarEntries, type SidebarEntry } from './sidebar-entries';
export { SUPPORT_URL } from './support';
