/** What the editor shows the first time a user opens the console (afterwards it keeps their own text). */
export const INITIAL_BUFFER = `# API console: requests go to the API host chosen above, with its stored credentials.
# Run the request under the cursor with Ctrl+Enter (Cmd+Enter on a Mac) or the ▶ beside it.
# Completion lists methods, paths, query parameters (type ? after a path) and body fields;
# Ctrl+Space opens it anywhere. Lines starting with # are comments.

# Connected agents
GET /agents?status=active&limit=10

# Agents by connection status
GET /agents/summary/status

# Manager daemons
GET /manager/status

# Register an agent (POST, PUT and PATCH take a JSON body on the lines below)
POST /agents
{
  "name": "web-01",
  "ip": "10.0.0.10"
}
`;
