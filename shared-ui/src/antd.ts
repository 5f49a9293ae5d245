// Interactive antd pieces for forms and admin screens. Loaded only by screens that import this entry,
// so the first page never pays for them. Remotes reach antd only through shared-ui entries.
export { Button, Form, Input, Modal, Select, Space, Table } from 'antd';
