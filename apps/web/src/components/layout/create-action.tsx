import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

type CreateAction = (() => void) | null;
const CreateActionContext = createContext<{ action: CreateAction; setAction: (action: CreateAction) => void }>({
  action: null,
  setAction: () => {},
});

/** Lets a page offer the nav bar's 'Add Chatbot' button (spec: shown only when the page supplies one). */
export function CreateActionProvider({ children }: { children: ReactNode }) {
  const [action, setAction] = useState<CreateAction>(null);
  return <CreateActionContext.Provider value={{ action, setAction }}>{children}</CreateActionContext.Provider>;
}

export const useCreateAction = () => useContext(CreateActionContext).action;

/** A page calls this to supply the create action while it is shown. */
export function useProvideCreateAction(action: (() => void) | null) {
  const { setAction } = useContext(CreateActionContext);
  useEffect(() => {
    setAction(() => action);
    return () => setAction(null);
  }, [action, setAction]);
}
