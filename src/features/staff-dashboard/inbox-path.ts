/**
 * Where one contact message stands in the office's inbox: the dashboard's Messages tab, at the
 * message's row (`message-<id>`, the id its cell carries). The customer page links each of the
 * customer's messages here (0112).
 */
export const inboxMessageAnchor = (id: number) => `message-${id}`;
export const inboxMessagePath = (id: number) => `/admin?tab=messages#${inboxMessageAnchor(id)}`;
