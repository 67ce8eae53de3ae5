import { newId } from './ids';
import type { SandboxCore } from './sandbox-core';
import type { TransferFaultRecord } from './sandbox-state';

/** At most this many replays of a dropped transfer's key lose their connection too. */
export const MAX_REPLAYS_TO_DROP = 10;

export type NewTransferFault = {
  kind: TransferFaultRecord['kind'];
  /** Only transfers to this account; null: any. */
  account: string | null;
  replaysToDrop: number;
};

/**
 * Arms a fault for a later transfer (test controls fail-next and drop-next). Each call arms one more;
 * they are kept in the state, so they survive a restart until a transfer uses them.
 */
export function armTransferFault(core: SandboxCore, input: NewTransferFault): TransferFaultRecord {
  const fault: TransferFaultRecord = { id: newId('tfault', 14), ...input };
  core.state.transferFaults.push(fault);
  return fault;
}

/**
 * Uses up the oldest armed fault that applies to a transfer to `destination`, if any. Called only for
 * a transfer the account could receive, so a malformed or otherwise refused request leaves it armed.
 */
export function takeTransferFault(core: SandboxCore, destination: string): TransferFaultRecord | null {
  const faults = core.state.transferFaults;
  const index = faults.findIndex((fault) => fault.account === null || fault.account === destination);
  if (index < 0) return null;
  const [fault] = faults.splice(index, 1);
  return fault ?? null;
}

/** What a control answers about an armed fault. */
export function faultView(core: SandboxCore, fault: TransferFaultRecord) {
  return {
    object: 'sandbox.transfer_fault',
    id: fault.id,
    fault: fault.kind === 'fail' ? 'fail_next' : 'drop_next',
    account: fault.account,
    ...(fault.kind === 'drop' ? { replays_to_drop: fault.replaysToDrop } : {}),
    armed_faults: core.state.transferFaults.length,
  };
}
