/** Socket.IO room names: the server alone puts sockets in them, publishers address them. */
export const companyRoom = (companyId: string) => `company:${companyId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** Sockets of secure-access links: they hear about their one lead, never the company's others. */
export const leadRoom = (leadId: string) => `lead:${leadId}`;
/** Sockets of one sign-in (a refresh family): closed together when that session ends. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Staff consoles that have this lead open now (presence): the server joins them after checking the lead is their company's. */
export const presenceRoom = (leadId: string) => `viewing:${leadId}`;
