// The HEAVY entry (@agora/shared-ui/antd): interactive antd pieces for forms, editors and admin screens.
// Import it only from lazily loaded screens (React.lazy / route modules), never from the light entry,
// so the first page never pays for it. Remotes reach antd only through shared-ui entries (lint rule).
// No static message/modal/notification exports: feedback goes through App.useApp() (see useToast).
export { AntdConfigContext, AntdProvider, buildTheme, useThemeToken } from './theme/antd-theme';
// antd's Button, with a pending state that never leaves a stale "loading" name behind (see the file).
export { Button } from './antd-parts/pending-button';
// antd's Modal, returning the focus to its opener however it is closed (see the file).
export { Modal } from './antd-parts/modal';
export {
  Alert,
  AutoComplete,
  Avatar,
  Badge,
  Card,
  Checkbox,
  Col,
  Collapse,
  ColorPicker,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Dropdown,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  List,
  Menu,
  Pagination,
  Popconfirm,
  Popover,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Steps,
  Switch,
  Table,
  Tabs,
  Tag,
  TimePicker,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
export type {
  ButtonProps,
  CheckboxProps,
  DropdownProps,
  FormInstance,
  FormProps,
  InputProps,
  InputRef,
  MenuProps,
  ModalProps,
  RadioChangeEvent,
  SelectProps,
  TableColumnsType,
  TableProps,
  TabsProps,
  UploadFile,
  UploadProps,
} from 'antd';
// The close-reason dialog (review queue flags, admin question list): reasons in, choice out.
// Editing a flagged post in place (review queue flags, admin Flags): the editor loads with the dialog.
export {
  PostEditDialog,
  type EditedPost,
  type PostEditDialogProps,
  type PostEditErrors,
  type PostEditValues,
} from './antd-parts/post-edit-dialog';
// Form rules and the mapping of server field errors onto antd form fields (every remote's forms).
export { applyFieldErrors, check, confirmPasswordRules, type Rule } from './antd-parts/form-rules';
