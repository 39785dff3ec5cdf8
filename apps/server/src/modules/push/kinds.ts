// The push jobs of the durable queue (apps/server/src/jobs), named apart so the modules that
// enqueue them (notifications, chat) need nothing else of this module.

/** Pushes stored notifications ({ ids }) to their people's devices. */
export const DISPATCH_JOB = 'notification.dispatch';
/** Turns a chat message ({ messageId }) into new_message notifications for recipients away from Lobby. */
export const CHAT_PUSH_JOB = 'push.chat';
/** Sends a custom push ({ customPushId, after }) to its segment, in pages. */
export const CUSTOM_PUSH_JOB = 'push.custom';
