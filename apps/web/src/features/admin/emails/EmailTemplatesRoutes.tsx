import { Route, Routes } from 'react-router';
import { EditTemplatePage, NewTemplatePage } from './EmailTemplateEditPage.tsx';
import { EmailTemplatesPage } from './EmailTemplatesPage.tsx';

/** /admin/events/{id}/emails/*: the list, a new template, one template. Its own routes keep the shell's route table (first load) small. */
export function Component() {
  return (
    <Routes>
      <Route index element={<EmailTemplatesPage />} />
      <Route path="new" element={<NewTemplatePage />} />
      <Route path=":emailId" element={<EditTemplatePage />} />
    </Routes>
  );
}
