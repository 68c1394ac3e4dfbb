/**
 * Chinese dates for dayjs, which antd's date pickers use (month and week names, Monday first). Imported by the
 * parts that pick or format dates, not by the entry: the login page has no date code.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');
