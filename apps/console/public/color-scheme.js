// Sets the saved colour scheme before the first paint (no flash of the wrong scheme); an external file, so a strict
// Content-Security-Policy (script-src 'self') allows it. MantineProvider takes over once the app runs.
(() => {
  try {
    const saved = window.localStorage.getItem('voltin-console-color-scheme');
    const scheme = saved === 'light' || saved === 'dark' ? saved : 'auto';
    const resolved =
      scheme === 'auto'
        ? window.matchMedia('(prefers-color-scheme: dark)').matches
          ? 'dark'
          : 'light'
        : scheme;
    document.documentElement.setAttribute('data-mantine-color-scheme', resolved);
  } catch {
    // Storage blocked: the provider picks the system's scheme.
  }
})();
