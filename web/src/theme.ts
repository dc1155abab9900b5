/** Light and dark themes: the system's preference unless the toggle picked one (kept in localStorage). */
export type ThemeChoice = "system" | "light" | "dark";
const KEY = "apispec.theme";
const systemDark = matchMedia("(prefers-color-scheme: dark)");

export function storedTheme(): ThemeChoice {
  const value = localStorage.getItem(KEY);
  return value === "light" || value === "dark" ? value : "system";
}

export function effectiveTheme(choice: ThemeChoice): "light" | "dark" {
  if (choice !== "system") return choice;
  return systemDark.matches ? "dark" : "light";
}

/** Sets `data-theme` on <html>, the one switch the stylesheet reads. */
export function applyTheme(choice: ThemeChoice): void {
  if (choice === "system") localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, choice);
  document.documentElement.dataset.theme = effectiveTheme(choice);
}

// Follow the system while no choice was made.
systemDark.addEventListener("change", () => {
  if (storedTheme() === "system") applyTheme("system");
});
