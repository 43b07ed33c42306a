export { erasureKeys, useErasure, useErasures } from './api';
export { EraseParticipantAction } from './components/erase-participant-action';
export { ErasureReceipt, ErasureStateBadge } from './components/erasure-receipt';
export { ErasureRequestPanel } from './components/erasure-request-panel';
