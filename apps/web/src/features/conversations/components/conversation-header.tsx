import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Conversation } from '@sweetwish/shared/conversations';
import { Link } from 'react-router';
import { BackButton } from '../../../components/back-button';
import { UserAvatar } from '../../../components/user-avatar';
import { participantName } from '../lib/conversation-text';
import { ConversationMenu } from './conversation-menu';

/**
 * The conversation's back header (product.md section 2): the back arrow and the other participant, whose photo
 * and name lead to their page when they have one; an anonymous participant leads nowhere.
 */
export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const { participant } = conversation;
  const name = participantName(conversation);
  const who = (
    <>
      <UserAvatar photoUrl={participant?.photoUrl} name={name} size={36} />
      <Box sx={{ minWidth: 0, textAlign: 'left' }}>
        <Typography component="h1" sx={{ fontWeight: 700, fontSize: 16, lineHeight: 1.3 }} noWrap>
          {name}
        </Typography>
        {participant && (
          <Typography variant="caption" color="text.secondary" component="p" noWrap>
            @{participant.handle}
          </Typography>
        )}
      </Box>
    </>
  );
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1.5, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <BackButton />
      {participant ? (
        <ButtonBase
          component={Link}
          to={`/${encodeURIComponent(participant.handle)}`}
          sx={{ gap: 1.25, borderRadius: 2, px: 0.75, py: 0.5, minWidth: 0, justifyContent: 'flex-start' }}
        >
          {who}
        </ButtonBase>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, px: 0.75, py: 0.5, minWidth: 0 }}>{who}</Box>
      )}
      <ConversationMenu conversation={conversation} />
    </Box>
  );
}
