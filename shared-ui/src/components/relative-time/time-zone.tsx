import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_TIME_ZONE } from '../../format/relative-time';

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/** The reader's IANA time zone (user setting, else the site's); the shell mounts it once. Default UTC. */
export function TimeZoneProvider({ timeZone, children }: { timeZone?: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone || DEFAULT_TIME_ZONE}>{children}</TimeZoneContext.Provider>;
}

export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
