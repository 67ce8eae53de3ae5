import MessageIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import {
  messageButtonLabel,
  type PurchaseConversationTarget,
  useOpenPurchaseConversation,
} from '../../../components/conversations/purchase-conversation';

/**
 * "Send a Message", or "Join Conversation" once the purchase has one (product.md section 2): opens the purchase's
 * conversation, creating it first when there is none. A failure shows `failureMessage`.
 */
export function MessageButton({
  target,
  failureMessage,
}: {
  target: PurchaseConversationTarget;
  failureMessage: string;
}) {
  const { open, isOpening } = useOpenPurchaseConversation();
  return (
    <Button
      variant="contained"
      size="large"
      fullWidth
      disabled={isOpening}
      onClick={() => open(target, failureMessage)}
      startIcon={isOpening ? <CircularProgress size={18} color="inherit" /> : <MessageIcon />}
      sx={{ borderRadius: 999 }}
    >
      {messageButtonLabel(target.conversationId)}
    </Button>
  );
}
