// Runs before the first paint (a plain blocking script in <head>, allowed by the CSP as 'self'), so a dark
// page never flashes light: the stored choice ("light" or "dark"), else the system's setting.
(() => {
  const stored = (() => {
    try {
      return localStorage.getItem("theme");
    } catch {
      return null;
    }
  })();
  const dark = stored ? stored === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  document.documentElement.classList.toggle("dark", dark);
})();
