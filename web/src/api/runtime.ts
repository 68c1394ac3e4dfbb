/**
 * What the HTTP layer needs from the UI without importing React: a way to show a toast and a way to navigate.
 * The interface's root registers the notifier (app/feedback.tsx, antd's message); the router's root registers
 * navigate. Before registration (or in plain scripts) the fallbacks below apply.
 */
interface Notifier {
  error(text: string, key?: string): void;
}

export type Navigate = (to: string) => void;

const fallbackNotifier: Notifier = {
  error: (text) => console.error(text),
};
const fallbackNavigate: Navigate = (to) => window.location.assign(to);

let notifier: Notifier = fallbackNotifier;
let navigate: Navigate = fallbackNavigate;

/** Returns a function that undoes the registration. */
export function registerNotifier(next: Notifier): () => void {
  notifier = next;
  return () => {
    if (notifier === next) notifier = fallbackNotifier;
  };
}

export function registerNavigate(next: Navigate): () => void {
  navigate = next;
  return () => {
    if (navigate === next) navigate = fallbackNavigate;
  };
}

export const notify = (): Notifier => notifier;
export const navigateTo = (to: string) => navigate(to);
