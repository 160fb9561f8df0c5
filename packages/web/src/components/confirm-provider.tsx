import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

// Loaded with the first question, not with every page.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: 'primary' | 'error';
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** One confirmation dialog for the whole app, opened with `await confirm({...})`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  // The options stay while the dialog fades out, so its text does not vanish mid-transition.
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [options, setOptions] = useState<ConfirmOptions>({ title: '', message: '' });
  const resolver = useRef<((value: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOpen(false);
  }, []);

  const confirm = useCallback<Confirm>((next) => {
    // A newer question replaces a pending one, which counts as refused.
    resolver.current?.(false);
    setOptions(next);
    setOpen(true);
    setUsed(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const value = useMemo(() => confirm, [confirm]);
  return (
    <ConfirmContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            title={options.title}
            confirmLabel={options.confirmLabel}
            cancelLabel={options.cancelLabel}
            confirmColor={options.confirmColor}
            onConfirm={() => settle(true)}
            onCancel={() => settle(false)}
          >
            {options.message}
          </ConfirmDialog>
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
