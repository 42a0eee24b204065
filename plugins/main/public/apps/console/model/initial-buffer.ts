/** What the editor shows the first time a user opens the console (afterwards it keeps their own text). */
export const INITIAL_BUFFER = `# API console: requests go to the API host chosen above,
# with its stored credentials and your permissions on it.
# Run the request under the cursor: Ctrl+Enter (Cmd+Enter on
# a Mac) or the ▶ beside it. Completion offers methods, paths,
# query parameters (type ? after a path) and body fields;
# Ctrl+Space opens it anywhere. Lines starting with # are comments.

# Connected agents
GET /agents?status=active&limit=10

# Agents by connection status
GET /agents/summary/status

# Manager daemons
GET /manager/status

# Register an agent (a JSON body goes on the lines below
# POST, PUT and PATCH requests)
POST /agents
{
  "name": "web-01",
  "ip": "10.0.0.10"
}
`;
