import { siteInfoQuery, useCurrentUser } from '@agora/shared-api';
import { ThemeProvider, TimeZoneProvider } from '@agora/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { resolveColorScheme, usePrefersDark } from './color-scheme';
import { SiteDocument } from './site-document';

/**
 * The site's appearance settings applied once for every page: the theme (primary colour, navbar style and
 * colour scheme: the member's own choice, else the site's; 'system' follows the device live) through
 * shared-ui's ThemeProvider, the interface time zone as every time's default zone, and the document-wide
 * effects (SiteDocument).
 */
export function SiteAppearance({ children }: { children: ReactNode }) {
  const site = useQuery(siteInfoQuery()).data;
  const { user } = useCurrentUser();
  const prefersDark = usePrefersDark();
  const theme = site?.theme;
  const config = theme?.theme_config[theme.theme];
  const primaryColor = config?.primary_color;
  const navbarStyle = config?.navbar_style;
  const colorScheme = resolveColorScheme(theme?.color_scheme, user?.color_scheme, prefersDark);
  const settings = useMemo(
    () => ({ primaryColor, navbarStyle, colorScheme }),
    [primaryColor, navbarStyle, colorScheme],
  );
  return (
    <ThemeProvider settings={settings}>
      <TimeZoneProvider timeZone={site?.interface.time_zone}>
        <SiteDocument site={site} colorScheme={colorScheme} />
        {children}
      </TimeZoneProvider>
    </ThemeProvider>
  );
}
