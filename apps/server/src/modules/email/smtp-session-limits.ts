/** What the session limits need of smtp-server's connection: its id (the session's) and a way out. */
export type SessionConnection = {
  id: string;
  send: (code: number, message: string) => void;
  close: () => void;
};

type SessionLimitOptions = {
  /** Sessions one IP address may hold at once. */
  maxPerIp: number;
  /** A session is ended this long after it opened, however busy it is. */
  sessionTimeoutMs: number;
  /** Ends a session that reached its deadline. */
  end: (sessionId: string) => void;
};

/**
 * The inbound listener's per-IP cap and session deadline: smtp-server limits clients only in total
 * and times out only idle ones, so twenty slow clients of one sender could hold every place.
 */
export const createSessionLimits = ({ maxPerIp, sessionTimeoutMs, end }: SessionLimitOptions) => {
  const byIp = new Map<string, Set<string>>();
  const open = new Map<string, { ip: string; deadline: NodeJS.Timeout }>();
  return {
    /** Takes a place for the session; false when its IP has no place left. */
    open: (sessionId: string, ip: string) => {
      const held = byIp.get(ip) ?? new Set<string>();
      if (held.size >= maxPerIp) return false;
      held.add(sessionId);
      byIp.set(ip, held);
      const deadline = setTimeout(() => end(sessionId), sessionTimeoutMs);
      // A deadline never keeps the process up.
      deadline.unref();
      open.set(sessionId, { ip, deadline });
      return true;
    },
    /** Gives the session's place back (a refused session held none). */
    closed: (sessionId: string) => {
      const session = open.get(sessionId);
      if (!session) return;
      open.delete(sessionId);
      clearTimeout(session.deadline);
      const held = byIp.get(session.ip);
      held?.delete(sessionId);
      if (held?.size === 0) byIp.delete(session.ip);
    },
    stop: () => {
      for (const session of open.values()) clearTimeout(session.deadline);
    },
  };
};
