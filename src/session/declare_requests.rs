//! `requests!`, which turns the request table (`session::request`) into `ClientRequest`,
//! `RequestTag`, `Reply` and the arms between them. Answers are read through `reply::ReadAnswer`,
//! which the runtime implements: JSON is decoded there, at the edge, never in the session.

/// Declares tern's requests, one entry each; an entry's doc comment goes on its three variants.
///
/// ```text
/// /// A page of a thread's history, newest first.
/// ListTurns(p: ThreadTurnsListParams) => THREAD_TURNS_LIST -> ThreadTurnsListResponse,
///     tag { thread_id: String = p.thread_id.clone() };
/// ```
///
/// gives `ClientRequest::ListTurns(ThreadTurnsListParams)`, sent as `thread/turns/list`;
/// `RequestTag::ListTurns { thread_id }`, taken from the request when it goes; and
/// `Reply::ListTurns { thread_id, answer: Answer<ThreadTurnsListResponse> }` when it comes back.
///
/// - The request: `(p: Params)`, or `{ params: Params, more: Type, .. }` (the first field is
///   sent), or `= expr` / `{ fields } = expr` to send `expr`. Tags read its bindings.
/// - `=> METHOD`: the method's constant in `protocol`.
/// - `-> Type`: the answer's schema type; without it, `Answer<()>` (that it came is all it says).
///   A refusal, a lost link or an answer that does not fit is a `ReplyError` either way.
/// - `, tag { field: Type = expr, .. }` or `, tag (field: Type = expr)`: what the answer needs,
///   kept until it comes and carried beside `answer`. Without one the reply is `Name(Answer<_>)`.
macro_rules! requests {
    (@entry [$($acc:tt)*] $k:tt) => { requests!(@emit $k $($acc)*); };
    // The request's shape: a tuple of its params, fields whose first is sent, or an expression.
    (@entry $acc:tt $k:tt $(#[$doc:meta])* $name:ident ($b:ident : $p:ty) => $($rest:tt)*) => {
        requests!(@tail $acc $k [$(#[$doc])*] $name [($p)] [($b)] [$b] $($rest)*);
    };
    (@entry $acc:tt $k:tt $(#[$doc:meta])* $name:ident
        { $pi:ident : $p:ty $(, $f:ident : $ft:ty)* $(,)? } => $($rest:tt)*) => {
        requests!(@tail $acc $k [$(#[$doc])*] $name
            [{ $pi: $p $(, $f: $ft)* }] [{ $pi $(, $f)* }] [$pi] $($rest)*);
    };
    (@entry $acc:tt $k:tt $(#[$doc:meta])* $name:ident
        { $($f:ident : $ft:ty),* $(,)? } = $e:expr => $($rest:tt)*) => {
        requests!(@tail $acc $k [$(#[$doc])*] $name [{ $($f: $ft),* }] [{ $($f),* }] [$e]
            $($rest)*);
    };
    (@entry $acc:tt $k:tt $(#[$doc:meta])* $name:ident = $e:expr => $($rest:tt)*) => {
        requests!(@tail $acc $k [$(#[$doc])*] $name [] [] [$e] $($rest)*);
    };
    // The tag's shape: none, named fields, or one field. `$a` binds the answer, `$r` the reader.
    (@tail [$($acc:tt)*] [$a:ident $r:ident] $d:tt $n:ident $rq:tt $rp:tt $pe:tt
        $m:ident $(-> $t:ty)? ; $($more:tt)*) => {
        requests!(@entry [$($acc)* { $d $n $rq $rp $pe $m [$($t)?] [] [] []
            [(requests!(@answer $($t)?))] [($a)] [($a)] }] [$a $r] $($more)*);
    };
    (@tail [$($acc:tt)*] [$a:ident $r:ident] $d:tt $n:ident $rq:tt $rp:tt $pe:tt
        $m:ident $(-> $t:ty)?, tag { $($f:ident : $ft:ty = $e:expr),* $(,)? }; $($more:tt)*) => {
        requests!(@entry [$($acc)* { $d $n $rq $rp $pe $m [$($t)?] [{ $($f: $ft),* }]
            [{ $($f: $e),* }] [{ $($f),* }] [{ $($f: $ft,)* answer: requests!(@answer $($t)?) }]
            [{ $($f,)* $a }] [{ $a, .. }] }] [$a $r] $($more)*);
    };
    (@tail [$($acc:tt)*] [$a:ident $r:ident] $d:tt $n:ident $rq:tt $rp:tt $pe:tt
        $m:ident $(-> $t:ty)?, tag ($f:ident : $ft:ty = $e:expr); $($more:tt)*) => {
        requests!(@entry [$($acc)* { $d $n $rq $rp $pe $m [$($t)?] [($ft)] [($e)] [($f)]
            [{ $f: $ft, answer: requests!(@answer $($t)?) }] [{ $f, $a }] [{ $a, .. }] }]
            [$a $r] $($more)*);
    };
    (@answer) => { $crate::session::reply::Answer<()> };
    (@answer $t:ty) => { $crate::session::reply::Answer<$t> };
    (@read $r:ident $m:ident) => { $crate::session::reply::ReadAnswer::done($r) };
    (@read $r:ident $m:ident $t:ty) => {
        $crate::session::reply::ReadAnswer::typed::<$t>($r, $crate::protocol::$m)
    };
    (@emit [$a:ident $r:ident] $({ [$($doc:tt)*] $n:ident [$($rq:tt)*] [$($rp:tt)*] [$pe:expr]
        $m:ident [$($t:ty)?] [$($td:tt)*] [$($tm:tt)*] [$($tp:tt)*] [$($rd:tt)*] [$($rm:tt)*]
        [$($ep:tt)*] })*) => {
        /// tern's own requests to the server, as typed data (the runtime sends them as JSON-RPC).
        #[derive(Debug, Clone, PartialEq)]
        pub enum ClientRequest { $($($doc)* $n $($rq)*,)* }

        /// Which of tern's requests an answer belongs to, and what it needs to be understood.
        #[derive(Debug, Clone, PartialEq)]
        pub enum RequestTag { $($($doc)* $n $($td)*,)* }

        /// One answer to one of tern's requests: its tag's fields and the typed answer.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Reply { $($($doc)* $n $($rd)*,)* }

        impl ClientRequest {
            pub fn method(&self) -> &'static str {
                match self { $(Self::$n { .. } => $crate::protocol::$m,)* }
            }

            #[allow(unused_variables)]
            pub fn params(&self) -> ::serde_json::Result<::serde_json::Value> {
                match self { $(Self::$n $($rp)* => ::serde_json::to_value(&$pe),)* }
            }

            #[allow(unused_variables)]
            pub fn tag(&self) -> RequestTag {
                match self { $(Self::$n $($rp)* => RequestTag::$n $($tm)*,)* }
            }
        }

        impl RequestTag {
            /// The typed reply for this request's answer, read by the runtime's `$r`.
            pub fn reply(self, $r: impl $crate::session::reply::ReadAnswer) -> Reply {
                match self {
                    $(Self::$n $($tp)* => {
                        let $a = requests!(@read $r $m $($t)?);
                        Reply::$n $($rm)*
                    })*
                }
            }
        }

        impl Reply {
            /// Why there is no usable answer, if there is none.
            pub fn error(&self) -> Option<&$crate::session::reply::ReplyError> {
                match self { $(Self::$n $($ep)* => $a.as_ref().err(),)* }
            }
        }
    };
    // An entry that fits no rule above: named where it can be.
    (@entry $acc:tt $k:tt $(#[$d:meta])* $n:ident $($x:tt)*) => { requests!(@unfit $n); };
    (@tail $acc:tt $k:tt $d:tt $n:ident $($x:tt)*) => { requests!(@unfit $n); };
    (@unfit $n:ident) => { compile_error!(concat!("requests!: no form fits ", stringify!($n))); };
    (@ $($x:tt)*) => { compile_error!("requests!: an entry does not fit its grammar"); };
    ($($entries:tt)*) => { requests!(@entry [] [answer raw] $($entries)*); };
}

pub(crate) use requests;
