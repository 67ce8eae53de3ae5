// The conversations module's interface for routes, other modules and use cases: conversations, their
// messages, message images and who may send, each in its own file.
export {
  announceConversationsOf,
  announceMessagesFromFans,
  type ConversationDeps,
  createConversation,
  describeConversationFor,
  getConversation,
  getConversationSummary,
  getOtherParticipant,
  listConversations,
} from './conversations';
export { detachImagesSentBy, getMessageImage, sendImage, unlockImage } from './message-images';
// The upload sweep (use-cases/upload-sweep.ts) asks this in its one locked statement over uploads.
export { isMessageImage } from './message-repo';
export {
  getMessageSnapshot,
  hideMessage,
  listMessageChanges,
  listMessages,
  markSeen,
  sendText,
  setReaction,
} from './messages';
