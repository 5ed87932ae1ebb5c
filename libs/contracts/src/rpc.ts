/** A request/reply pair: what a subject takes and what it answers. */
export interface Rpc<Request, Response> {
  request: Request;
  response: Response;
}
