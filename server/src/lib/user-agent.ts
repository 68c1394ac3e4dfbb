/**
 * The device of a sign-in, from its User-Agent header, as the security list shows it: "Chrome · Windows",
 * "微信 · iOS", "Safari · macOS". A small table of the browsers and systems borrowers use, checked in order (the
 * more specific first: Edge and the Chinese in-app browsers also say "Chrome" or "Safari"); anything else is
 * 未知浏览器 / 未知系统, and no header at all 未知设备.
 */

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/MicroMessenger\//, '微信'],
  [/DingTalk\//, '钉钉'],
  [/\bQQ\//, 'QQ'],
  [/MQQBrowser\//, 'QQ浏览器'],
  [/UCBrowser\//, 'UC浏览器'],
  [/Quark\//, '夸克'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|Opera\//, 'Opera'],
  [/SamsungBrowser\//, '三星浏览器'],
  [/HuaweiBrowser\//, '华为浏览器'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Chrome Headless'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/MSIE |Trident\//, 'Internet Explorer'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/HarmonyOS|OpenHarmony/, 'HarmonyOS'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows NT|Windows Phone|Win64|Win32/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

function first(table: readonly (readonly [RegExp, string])[], agent: string): string | null {
  for (const [pattern, name] of table) if (pattern.test(agent)) return name;
  return null;
}

export function deviceOf(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512).trim();
  if (agent === '') return '未知设备';
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (!browser && !system) return '未知设备';
  return `${browser ?? '未知浏览器'} · ${system ?? '未知系统'}`;
}
