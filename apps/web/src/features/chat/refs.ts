import { routeRef } from '../../api/route-refs.ts';

/**
 * The chat's calls as schema-free references (api/route-refs.ts): the shell's unread button and
 * the live updates load with every event page, so they carry no zod; the chat's pages use them too
 * and stay small. refs.test.ts checks them against the contract.
 */
export const chatRoutes = {
  listChatChannels: routeRef<'listChatChannels'>('chat.channels.list', 'GET', '/api/v1/chat/channels'),
  privateChatChannel: routeRef<'privateChatChannel'>('chat.channels.private', 'GET', '/api/v1/chat/channels/user/{userId}'),
  companyChatChannel: routeRef<'companyChatChannel'>('chat.company', 'POST', '/api/v1/{eventId}/chat/company/{id}'),
  getChatChannel: routeRef<'getChatChannel'>('chat.channels.get', 'GET', '/api/v1/chat/channels/{id}'),
  listChatMessages: routeRef<'listChatMessages'>('chat.messages.list', 'GET', '/api/v1/chat/channels/{id}/messages'),
  sendChatMessage: routeRef<'sendChatMessage'>('chat.messages.send', 'POST', '/api/v1/chat/channels/{id}/messages'),
  markChatRead: routeRef<'markChatRead'>('chat.channels.read', 'POST', '/api/v1/chat/channels/{id}/markasread'),
  countChatUnread: routeRef<'countChatUnread'>('chat.unread', 'GET', '/api/v1/chat/channels/unreadmessages'),
  deleteOwnChatMessage: routeRef<'deleteOwnChatMessage'>('chat.messages.delete', 'DELETE', '/api/v1/chat/messages/{id}'),
  moderateChatMessage: routeRef<'moderateChatMessage'>('chat.messages.moderate', 'DELETE', '/api/v1/{eventId}/chat/messages/{id}'),
  reportChatMessage: routeRef<'reportChatMessage'>('chat.messages.report', 'POST', '/api/v1/chat/messages/{id}/report'),
  uploadChatFile: routeRef<'uploadChatFile'>('chat.files.upload', 'POST', '/api/v1/chat/files/upload'),
  chatFileSignedUrl: routeRef<'chatFileSignedUrl'>('chat.files.signed', 'GET', '/api/v1/chat/files/get_signed_url/{key}'),
} as const;
