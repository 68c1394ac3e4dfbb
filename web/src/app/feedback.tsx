import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { registerNotifier } from '../api/runtime';
import { msToSeconds, UI_DEFAULTS } from './ui-defaults';

export const MESSAGE_CONFIG = {
  duration: msToSeconds(UI_DEFAULTS.messageDurationMs),
  maxCount: 5,
};

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * The root of the interface: the toasts (antd's message with the docs/PRODUCT.md §9 defaults), handed to pages through
 * useMessage and to the HTTP layer through the notifier. It stands where antd's <App> would, with the same base
 * text and link style (styles/base.css .app-root), but without the modal and notification code <App> carries: pages that ask
 * for a confirmation hold their own Modal.useModal().
 */
export function FeedbackRoot({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage(MESSAGE_CONFIG);
  useEffect(
    () =>
      registerNotifier({
        error: (text, key) => {
          api.error(key ? { content: text, key } : text);
        },
      }),
    [api],
  );
  return (
    <MessageContext.Provider value={api}>
      {/* `loan`: antd's theme variables (the static stylesheet declares them on that class) for the whole page, so
          antd's global rules loaded with later pages (its link colour) resolve outside antd's own components too */}
      <div className="app-root loan">
        {holder}
        {children}
      </div>
    </MessageContext.Provider>
  );
}

/** The toasts: success, error, info … as antd's message, inside FeedbackRoot. */
export function useMessage(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessage outside FeedbackRoot');
  return api;
}
