import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useRef, useState } from "react";

/**
 * The nav bar's 'Add Chatbot' button is shown only when the user is signed in AND the current page
 * supplies a create action (spec section 2). A page supplies one with:
 *
 *   useProvideCreateAction(() => setCreateOpen(true));   // or null/undefined to offer none
 *
 * The action is registered while the page is mounted and removed when it unmounts. The callback may
 * be an inline arrow: the latest one is always called, without re-registering on every render.
 */
type CreateAction = () => void;
type Register = (action: CreateAction) => () => void;

const ActionContext = createContext<CreateAction | null>(null);
const RegisterContext = createContext<Register>(() => () => {});

export function CreateActionProvider({ children }: { children: ReactNode }) {
  const [action, setAction] = useState<CreateAction | null>(null);
  const register = useCallback<Register>((next) => {
    setAction(() => next);
    // Remove only our own action: the next page may have registered already.
    return () => setAction((current) => (current === next ? null : current));
  }, []);
  return (
    <RegisterContext.Provider value={register}>
      <ActionContext.Provider value={action}>{children}</ActionContext.Provider>
    </RegisterContext.Provider>
  );
}

/** The current page's create action, or null when it offers none (used by the nav bar). */
export const useCreateAction = () => useContext(ActionContext);

/** Offers `action` as the nav bar's 'Add Chatbot' action while the calling component is mounted. */
export function useProvideCreateAction(action: CreateAction | null | undefined) {
  const register = useContext(RegisterContext);
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });
  const enabled = Boolean(action);
  // Before paint, so the nav bar never shows a frame without the page's action (no layout shift).
  useLayoutEffect(() => {
    if (!enabled) return;
    return register(() => latest.current?.());
  }, [enabled, register]);
}
