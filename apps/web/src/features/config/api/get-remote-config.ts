import {
  DEFAULT_SESSION_LIMIT_MINUTES,
  REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  apiPaths,
  remoteConfigSchema,
} from '@leasing/contract';
import type { RemoteConfig } from '@leasing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { getStoredJson, setStoredJson, storageKeys } from '../../../lib/storage';

export const defaultRemoteConfig: RemoteConfig = {
  sessionLimitMinutes: DEFAULT_SESSION_LIMIT_MINUTES,
  minimumFetchIntervalMs: REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  // Unknown until the server says: 'Request payment' stays offered, and its dialog says if it is off.
  payments: 'on',
  // Until the server says: 'Call', whose answer says when calls are only simulated here.
  calls: 'twilio',
};

const cachedConfigSchema = z.object({ config: remoteConfigSchema, fetchedAt: z.number() });
type CachedConfig = z.infer<typeof cachedConfigSchema>;

function readCache(): CachedConfig | null {
  const parsed = cachedConfigSchema.safeParse(getStoredJson(storageKeys.remoteConfig));
  return parsed.success ? parsed.data : null;
}

function isFresh(cached: CachedConfig, now: number): boolean {
  const interval = Math.max(
    cached.config.minimumFetchIntervalMs,
    REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  );
  return now - cached.fetchedAt >= 0 && now - cached.fetchedAt < interval;
}

let inFlight: Promise<RemoteConfig> | null = null;

/**
 * The remote configuration, fetched at most once per minimum fetch interval (the copy in local
 * storage survives reloads). Never fails: without the server it falls back to the last copy, then
 * to the defaults, so a guard awaiting it is never stuck.
 */
export function getRemoteConfig(now: number = Date.now()): Promise<RemoteConfig> {
  const cached = readCache();
  if (cached && isFresh(cached, now)) return Promise.resolve(cached.config);
  inFlight ??= fetchRemoteConfig(cached).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function fetchRemoteConfig(cached: CachedConfig | null): Promise<RemoteConfig> {
  try {
    const config = await apiRequest(apiPaths.config, {
      schema: remoteConfigSchema,
      skipAuthHandling: true,
    });
    setStoredJson(storageKeys.remoteConfig, { config, fetchedAt: Date.now() });
    return config;
  } catch {
    return cached?.config ?? defaultRemoteConfig;
  }
}

export const getRemoteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['remote-config'],
    queryFn: () => getRemoteConfig(),
    staleTime: REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  });

export const useRemoteConfig = () => useQuery(getRemoteConfigQueryOptions());
