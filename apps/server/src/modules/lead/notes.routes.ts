import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addNoteRequestSchema,
  apiRoutes,
  leadIdParamsSchema,
  noteListSchema,
} from '@leasing/contract';
import { principalOf } from '../../lib/principal.js';
import { addNote, listNotes } from './notes.service.js';

export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app.database;

  app.get(
    apiRoutes.leadNotes,
    { schema: { params: leadIdParamsSchema, response: { 200: noteListSchema } } },
    (request) => listNotes(db, principalOf(request), request.params.leadId),
  );

  app.post(
    apiRoutes.leadNotes,
    {
      schema: {
        params: leadIdParamsSchema,
        body: addNoteRequestSchema,
        response: { 200: noteListSchema },
      },
    },
    (request) =>
      addNote(
        { db, events: app.events },
        principalOf(request),
        request.params.leadId,
        request.body,
      ),
  );
};
