/** A short 'Browser on OS' description of a User-Agent string ('' when nothing is recognised). */
export function describeUserAgent(ua: string): { browser: string; os: string } {
  const browser =
    (/Edg\//.test(ua) && 'Edge') ||
    (/OPR\/|Opera/.test(ua) && 'Opera') ||
    (/Firefox\//.test(ua) && 'Firefox') ||
    (/Chrome\/|CriOS\//.test(ua) && 'Chrome') ||
    (/Safari\//.test(ua) && /Version\//.test(ua) && 'Safari') ||
    (/curl\//i.test(ua) && 'curl') ||
    '';
  const os =
    (/Windows/.test(ua) && 'Windows') ||
    (/Android/.test(ua) && 'Android') ||
    (/iPhone|iPad|iPod/.test(ua) && 'iOS') ||
    (/Mac OS X|Macintosh/.test(ua) && 'macOS') ||
    (/CrOS/.test(ua) && 'ChromeOS') ||
    (/Linux/.test(ua) && 'Linux') ||
    '';
  return { browser, os };
}
