import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from 'react';

/** How the page in front of the borrower moves to another path of the portal, and loads its code ahead. */
export interface AppNavigation {
  navigate(to: string): void;
  /** the page's code starts loading (a pointer over the link, a focus) */
  preload(to: string): void;
}

const NavigationContext = createContext<AppNavigation | null>(null);

/** Gives the links below `navigation`: the router's inside the app (AppShell), the sign-in page's before it. */
export function AppNavigationProvider({
  navigation,
  children,
}: {
  navigation: AppNavigation;
  children: ReactNode;
}) {
  return <NavigationContext.Provider value={navigation}>{children}</NavigationContext.Provider>;
}

/** A click the page handles itself: the main button, no key that asks the browser for a new tab or window. */
const handledHere = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.altKey &&
  !event.ctrlKey &&
  !event.shiftKey;

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a path of the portal: a real `<a href>` (it works before the scripts run, and opens in a new tab as
 * any link), moved to by the page's navigation when clicked, its page's code loading on intent. Without a
 * navigation above it, the browser follows it. Works with or without the router: the sign-in page draws its links
 * before the router's code has loaded.
 */
export function AppLink({ to, onClick, onMouseEnter, onFocus, onTouchStart, ...rest }: AppLinkProps) {
  const navigation = useContext(NavigationContext);
  const preload = () => navigation?.preload(to);
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!navigation || rest.target || !handledHere(event)) return;
        event.preventDefault();
        navigation.navigate(to);
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preload();
      }}
    />
  );
}
