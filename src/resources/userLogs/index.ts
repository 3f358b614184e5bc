export { UserLogList } from './UserLogList.tsx';
