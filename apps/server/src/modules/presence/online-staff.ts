import type { Server } from 'socket.io';
import { companyRoom } from '../../lib/socket-rooms.js';

/**
 * The staff of a company with the console open now: the users behind its company room's sockets,
 * on every process (the Redis adapter answers `fetchSockets`). Secure-access visitors are no
 * staff. Nobody when the sockets cannot be asked.
 */
export const onlineStaffIds = async (io: Server, companyId: string): Promise<string[]> => {
  const sockets = await io
    .in(companyRoom(companyId))
    .fetchSockets()
    .catch(() => []);
  const ids = sockets.flatMap((socket) => {
    const data = socket.data as { principal?: { id: string }; leadScope?: string };
    return data.principal && !data.leadScope ? [data.principal.id] : [];
  });
  return [...new Set(ids)];
};
