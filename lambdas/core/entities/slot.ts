// The slot entity, one module per job under slot/ (identity and declaration, writes with their
// creative pointers, reads, claim and lease, settlement, cancellation); callers import it here.

export { cancelSlots } from './slot/cancel.ts';
export {
  REVIEW_STATES,
  type ReviewState,
  type Slot,
  type SlotPlan,
  slotEntity,
  slotFromItem,
  slotId,
} from './slot/entity.ts';
export { claimSlot, releaseLease } from './slot/lease.ts';
export { getSlot, getSlotByCreativeId, jobIdsOfCampaignCreatives, slotsOfJob } from './slot/read.ts';
export { reasonCode, type Settlement, settlementItems, settleSlot } from './slot/settle.ts';
export { createSlotIfMissing, newSlotItems, writeSlots } from './slot/write.ts';
