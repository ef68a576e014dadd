export { cn } from './lib/cn';
export { Button, buttonVariants, type ButtonProps } from './components/button';
export { Badge, badgeVariants, type BadgeProps } from './components/badge';
export { BrandMark } from './components/brand-mark';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export { Checkbox } from './components/checkbox';
export {
  Dialog,
  DialogTrigger,
  DialogPortal,
  DialogClose,
  DialogOverlay,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  preloadDialog,
  type DialogContentProps,
} from './components/dialog';
export { DialogFocusReturn } from './lib/dialog-focus-return';
export {
  DropdownMenu,
  DropdownMenuPortal,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuCheckboxItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuSub,
  DropdownMenuSubTrigger,
  DropdownMenuSubContent,
  preloadDropdownMenu,
  type DropdownMenuItemProps,
} from './components/dropdown-menu';
export { FormField, type FormFieldProps, type FieldControlProps } from './components/form-field';
export { Input } from './components/input';
export { Label } from './components/label';
export { Progress, preloadProgress } from './components/progress';
export {
  Select,
  SelectGroup,
  SelectValue,
  SelectTrigger,
  SelectContent,
  SelectLabel,
  SelectItem,
  SelectSeparator,
  SelectScrollUpButton,
  SelectScrollDownButton,
  preloadSelect,
} from './components/select';
export {
  Sheet,
  SheetTrigger,
  SheetClose,
  SheetContent,
  SheetHeader,
  SheetFooter,
  SheetTitle,
  SheetDescription,
  preloadSheet,
  type SheetContentProps,
} from './components/sheet';
export { Skeleton } from './components/skeleton';
export { Spinner, type SpinnerProps } from './components/spinner';
export { Switch } from './components/switch';
export { Tabs, TabsList, TabsTrigger, TabsContent, preloadTabs } from './components/tabs';
export { Textarea } from './components/textarea';
export {
  Toaster,
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  toastVariants,
  type ToastProps,
} from './components/toast';
export {
  toast,
  dismissToast,
  getToasts,
  useToast,
  TOAST_LIMIT,
  type ToastOptions,
  type ToastEntry,
  type ToastHandle,
  type ToastVariant,
} from './lib/toast-store';
