import MenuItem from '@mui/material/MenuItem';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { notify } from '../../lib/notification-store';
import { BlockDialog } from './block-dialog';
import type { BlockChange } from './safety-queries';

/**
 * A user's "Block" or "Unblock" menu item and the block dialog (decision 028), the same in every menu that
 * offers them (a profile's, a conversation's): `change` is the mutation that blocks there.
 */
export function useBlockAction(options: {
  name: string;
  isBlocked: boolean;
  change: UseMutationResult<unknown, Error, BlockChange>;
  closeMenu: () => void;
}): { menuItem: ReactNode; dialog: ReactNode } {
  const { name, isBlocked, change, closeMenu } = options;
  const [isOpen, setIsOpen] = useState(false);

  const block = (refusesGifts: boolean) =>
    change.mutate(
      { isBlocking: true, refusesGifts },
      {
        onSuccess: () => {
          setIsOpen(false);
          notify(`You blocked ${name}.`, { severity: 'success' });
        },
        onError: () => notify('Could not block this user. Try again later.'),
      },
    );
  const unblock = () => {
    closeMenu();
    change.mutate(
      { isBlocking: false },
      {
        onSuccess: () => notify(`You unblocked ${name}.`, { severity: 'success' }),
        onError: () => notify('Could not unblock this user. Try again later.'),
      },
    );
  };

  const menuItem = isBlocked ? (
    <MenuItem onClick={unblock}>Unblock</MenuItem>
  ) : (
    <MenuItem
      onClick={() => {
        closeMenu();
        setIsOpen(true);
      }}
    >
      Block
    </MenuItem>
  );
  const dialog = (
    <BlockDialog
      open={isOpen}
      name={name}
      isPending={change.isPending}
      onClose={() => setIsOpen(false)}
      onBlock={block}
    />
  );
  return { menuItem, dialog };
}
