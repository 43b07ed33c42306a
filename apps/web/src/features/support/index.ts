export {
  supportKeys,
  useSendSupportMessage,
  useSetSupportStatus,
  useStartConversation,
  useSupportConversations,
  useSupportThread,
} from './api';
export { MessageComposer } from './components/message-composer';
export { MessageList } from './components/message-list';
export { MessageUsButton } from './components/message-us-button';
export { SupportChat } from './components/support-chat';
export { SupportInbox } from './components/support-inbox';
export { SupportInboxThread } from './components/support-inbox-thread';
export { SupportLauncher } from './components/support-launcher';
export {
  closeSupportChat,
  openSupportChat,
  resetSupportChat,
  type SupportChatState,
  useSupportChat,
} from './support-chat-store';
export { SUPPORT_URL } from './support-url';
