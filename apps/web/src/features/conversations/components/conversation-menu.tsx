import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Conversation } from '@sweetwish/shared/conversations';
import { useState } from 'react';
import { ReportDialog } from '../../../components/safety/report-dialog';
import { useChangeConversationBlock } from '../../../components/safety/safety-queries';
import { useBlockAction } from '../../../components/safety/use-block-action';
import { useMessageStore } from '../api/conversation-calls';
import { participantName } from '../lib/conversation-text';

/**
 * The conversation's menu (issue 21, decision 028): "Block" or "Unblock" the other participant (an anonymous
 * one stays anonymous), and "Report Message", which reports their latest message.
 */
export function ConversationMenu({ conversation }: { conversation: Conversation }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isReportOpen, setIsReportOpen] = useState(false);
  const change = useChangeConversationBlock(conversation.id);
  const store = useMessageStore(conversation.id);
  const name = participantName(conversation);
  const lastFromThem = store.data?.messages.findLast((m) => !m.isMine && m.type !== 'purchase' && !m.isRemoved);

  const blockAction = useBlockAction({
    name,
    isBlocked: conversation.sendBlock === 'blocked_by_you',
    change,
    closeMenu: () => setAnchor(null),
  });

  return (
    <>
      <IconButton
        aria-label="Conversation menu"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ ml: 'auto' }}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </IconButton>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {blockAction.menuItem}
        <MenuItem
          disabled={!lastFromThem}
          onClick={() => {
            setAnchor(null);
            setIsReportOpen(true);
          }}
        >
          Report Message
        </MenuItem>
      </Menu>
      {blockAction.dialog}
      {lastFromThem && (
        <ReportDialog
          open={isReportOpen}
          onClose={() => setIsReportOpen(false)}
          target={{ kind: 'message', targetId: lastFromThem.id, conversationId: conversation.id }}
          title={`Report ${name}'s latest message`}
        />
      )}
    </>
  );
}
