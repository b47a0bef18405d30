//! `tegoma.Move` as a type written with Python's C API (the stable ABI), not a `#[pyclass]`.
//!
//! Listing the legal moves of a position makes one `Move` per move, and making and freeing it
//! is most of what listing costs from Python. A `#[pyclass]` is always a garbage-collected type
//! (a GC header, tracking, untracking) made and freed through PyO3's generic paths (slot
//! look-ups, a trampoline per deallocation); a `Move` holds no Python object, so it needs none
//! of that. This type is a plain object: `PyObject_Malloc`, the Rust [`Move`] in place,
//! `PyObject_Free`. Listing the 29 moves of a position went from 1.66 to 1.17 us.
//!
//! A [`Move`] is not `Send` (its line is shared by a non-atomic count): its object is touched
//! only with the interpreter's lock held, by CPython's calls of the type's slots and by this
//! crate's code holding a `Python` token.
//!
//! Every entry point catches panics (a Rust bug raises `tegoma.TegomaError`, never unwinds
//! into the interpreter) and runs with the thread attached (CPython calls slots so).

use std::ffi::{c_char, c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use crate::errors::{Context, Failure};
use crate::moves::{py_quote, Move};

/// A `Move` object: the object header, then the Rust value.
#[repr(C)]
struct MoveObject {
    ob_base: ffi::PyObject,
    value: Move,
}

/// The type object, made once per interpreter by [`move_type`].
static TYPE: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// The `tegoma.Move` type (made on first use).
pub(crate) fn move_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    TYPE.get_or_try_init(py, || make_type(py))
        .map(|t| t.bind(py))
}

/// A new `Move` object.
pub(crate) fn new_move(py: Python<'_>, value: Move) -> PyResult<Bound<'_, PyAny>> {
    let ty = move_type(py)?;
    // SAFETY: the memory is allocated for a `MoveObject`, initialised as an object of `ty`
    // (`PyObject_Init` takes a reference to the heap type, given back in `dealloc`), then its
    // value written in place before the object is handed out.
    unsafe {
        let raw = ffi::PyObject_Malloc(std::mem::size_of::<MoveObject>()).cast::<MoveObject>();
        if raw.is_null() {
            return Err(pyo3::exceptions::PyMemoryError::new_err(
                "no memory for a Move",
            ));
        }
        ffi::PyObject_Init(raw.cast(), ty.as_type_ptr());
        ptr::write(&raw mut (*raw).value, value);
        Ok(Bound::from_owned_ptr(py, raw.cast()))
    }
}

/// The move of a `Move` object, `None` for any other object.
pub(crate) fn as_move<'a>(object: &'a Bound<'_, PyAny>) -> Option<&'a Move> {
    let ty = move_type(object.py()).ok()?;
    // SAFETY: an object whose type is exactly `Move` (it has no subclasses) is a `MoveObject`,
    // alive while `object` is borrowed.
    unsafe {
        if ffi::Py_TYPE(object.as_ptr()) != ty.as_type_ptr() {
            return None;
        }
        Some(&(*object.as_ptr().cast::<MoveObject>()).value)
    }
}

/// The move of `slf`, which CPython guarantees to be a `Move` for the type's own slots.
///
/// # Safety
/// `slf` is a live `Move` object.
unsafe fn value<'a>(slf: *mut ffi::PyObject) -> &'a Move {
    unsafe { &(*slf.cast::<MoveObject>()).value }
}

/// Runs a slot's body: panics become `tegoma.TegomaError`, errors are raised; `on_error` is
/// what the slot returns then.
fn slot<T>(on_error: T, body: impl FnOnce(Python<'_>) -> PyResult<T>) -> T {
    // SAFETY: CPython calls a type's slots with the thread attached.
    let py = unsafe { Python::assume_attached() };
    let result = catch_unwind(AssertUnwindSafe(|| body(py))).unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        Err(Failure::new(Context::Internal, "InternalError", what).into_py(py))
    });
    match result {
        Ok(v) => v,
        Err(e) => {
            e.restore(py);
            on_error
        }
    }
}

unsafe extern "C" fn dealloc(slf: *mut ffi::PyObject) {
    // SAFETY: CPython deallocates a `Move` object once: its value is dropped in place, its
    // memory freed as it was allocated, and the reference to its heap type given back.
    unsafe {
        let ty = ffi::Py_TYPE(slf);
        let _ = catch_unwind(AssertUnwindSafe(|| {
            ptr::drop_in_place(&raw mut (*slf.cast::<MoveObject>()).value)
        }));
        ffi::PyObject_Free(slf.cast());
        ffi::Py_DECREF(ty.cast());
    }
}

/// `Move(pmn, san=None, uci=None)`.
unsafe extern "C" fn new(
    _subtype: *mut ffi::PyTypeObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    slot(ptr::null_mut(), |py| {
        // SAFETY: CPython passes a tuple and a dict or null.
        let args = unsafe { Bound::from_borrowed_ptr(py, args) }.cast_into::<PyTuple>()?;
        let kwargs = unsafe { Bound::from_borrowed_ptr_or_opt(py, kwargs) }
            .map(|k| k.cast_into::<PyDict>())
            .transpose()?;
        let names = ["pmn", "san", "uci"];
        if args.len() > names.len() {
            return Err(PyTypeError::new_err(format!(
                "Move() takes at most 3 arguments ({} given)",
                args.len()
            )));
        }
        let mut given: [Option<Bound<'_, PyAny>>; 3] = [None, None, None];
        for (i, a) in args.iter().enumerate() {
            given[i] = Some(a);
        }
        if let Some(kwargs) = kwargs {
            for (k, v) in kwargs.iter() {
                let key: String = k.extract()?;
                let Some(i) = names.iter().position(|n| *n == key) else {
                    return Err(PyTypeError::new_err(format!(
                        "Move() got an unexpected keyword argument '{key}'"
                    )));
                };
                if given[i].is_some() {
                    return Err(PyTypeError::new_err(format!(
                        "Move() got multiple values for argument '{key}'"
                    )));
                }
                given[i] = Some(v);
            }
        }
        let [pmn, san, uci] = given;
        let pmn: String = pmn
            .ok_or_else(|| PyTypeError::new_err("Move() missing required argument 'pmn'"))?
            .extract()?;
        let text = |o: Option<Bound<'_, PyAny>>| -> PyResult<Option<String>> {
            match o {
                Some(o) if !o.is_none() => Ok(Some(o.extract()?)),
                _ => Ok(None),
            }
        };
        let value = Move::given(&pmn, text(san)?, text(uci)?).map_err(|e| e.into_py(py))?;
        Ok(new_move(py, value)?.into_ptr())
    })
}

/// The getters, by their closure number.
const GETTERS: [(&std::ffi::CStr, &std::ffi::CStr); 7] = [
    (
        c"pmn",
        c"The PMN string (canonical PMN 1.0.0 for a listed or played move).",
    ),
    (c"san", c"The SAN (chess), else None."),
    (c"uci", c"The UCI string (chess), else None."),
    (
        c"from_square",
        c"The source cell (\"e2\"), None for drops, passes and static captures.",
    ),
    (c"to_square", c"The destination cell, None for a pass."),
    (
        c"drop",
        c"The dropped piece's token for a drop that names it (\"S\" in S*e5), else None.",
    ),
    (
        c"promotion",
        c"The piece the actor becomes (\"Q\" in e7-e8=Q, \"+S\" in Ogi), else None.",
    ),
];

unsafe extern "C" fn get(slf: *mut ffi::PyObject, closure: *mut c_void) -> *mut ffi::PyObject {
    slot(ptr::null_mut(), |py| {
        // SAFETY: a getter of the type, called on one of its objects.
        let m = unsafe { value(slf) };
        let text: Option<String> = match closure as usize {
            0 => Some(m.pmn_text().to_string()),
            1 => m.san_text().map(str::to_string),
            2 => m.uci_text().map(str::to_string),
            3 => m.fields().from,
            4 => m.fields().to,
            5 => m.fields().drop,
            _ => m.fields().promotion,
        };
        Ok(text.into_pyobject(py)?.into_ptr())
    })
}

unsafe extern "C" fn str(slf: *mut ffi::PyObject) -> *mut ffi::PyObject {
    slot(ptr::null_mut(), |py| {
        // SAFETY: a slot of the type, called on one of its objects.
        let m = unsafe { value(slf) };
        Ok(PyString::new(py, m.pmn_text()).into_ptr())
    })
}

unsafe extern "C" fn repr(slf: *mut ffi::PyObject) -> *mut ffi::PyObject {
    slot(ptr::null_mut(), |py| {
        // SAFETY: a slot of the type, called on one of its objects.
        let m = unsafe { value(slf) };
        let text = format!("Move({})", py_quote(m.pmn_text()));
        Ok(PyString::new(py, &text).into_ptr())
    })
}

unsafe extern "C" fn hash(slf: *mut ffi::PyObject) -> ffi::Py_hash_t {
    slot(-1, |_| {
        // SAFETY: a slot of the type, called on one of its objects.
        let h = unsafe { value(slf) }.hash_value() as ffi::Py_hash_t;
        Ok(if h == -1 { -2 } else { h })
    })
}

unsafe extern "C" fn richcompare(
    slf: *mut ffi::PyObject,
    other: *mut ffi::PyObject,
    op: c_int,
) -> *mut ffi::PyObject {
    slot(ptr::null_mut(), |py| {
        // SAFETY: CPython passes live objects, `slf` of this type.
        let other = unsafe { Bound::from_borrowed_ptr(py, other) };
        let m = unsafe { value(slf) };
        let answer = match (as_move(&other), op) {
            (Some(o), ffi::Py_EQ) => m.pmn_text() == o.pmn_text(),
            (Some(o), ffi::Py_NE) => m.pmn_text() != o.pmn_text(),
            _ => return Ok(py.NotImplemented().into_ptr()),
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_ptr())
    })
}

/// `__reduce__`: `(Move, (pmn, san, uci))`.
unsafe extern "C" fn reduce(slf: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    slot(ptr::null_mut(), |py| {
        // SAFETY: a method of the type, called on one of its objects.
        let m = unsafe { value(slf) };
        let args = (
            m.pmn_text().to_string(),
            m.san_text().map(str::to_string),
            m.uci_text().map(str::to_string),
        );
        Ok((move_type(py)?, args).into_pyobject(py)?.into_ptr())
    })
}

fn make_type(py: Python<'_>) -> PyResult<Py<PyType>> {
    // The tables live as long as the type (for ever): leaked once per interpreter.
    let mut getset: Vec<ffi::PyGetSetDef> = GETTERS
        .iter()
        .enumerate()
        .map(|(i, (name, doc))| ffi::PyGetSetDef {
            name: name.as_ptr(),
            get: Some(get),
            set: None,
            doc: doc.as_ptr(),
            closure: i as *mut c_void,
        })
        .collect();
    getset.push(ffi::PyGetSetDef::default());
    let methods: Vec<ffi::PyMethodDef> = vec![
        ffi::PyMethodDef {
            ml_name: c"__reduce__".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunction: reduce,
            },
            ml_flags: ffi::METH_NOARGS,
            ml_doc: c"Pickling: the move's PMN, SAN and UCI.".as_ptr(),
        },
        ffi::PyMethodDef::zeroed(),
    ];
    let slot = |slot: c_int, pfunc: *mut c_void| ffi::PyType_Slot { slot, pfunc };
    let mut slots = vec![
        slot(ffi::Py_tp_dealloc, dealloc as *mut c_void),
        slot(ffi::Py_tp_new, new as *mut c_void),
        slot(ffi::Py_tp_str, str as *mut c_void),
        slot(ffi::Py_tp_repr, repr as *mut c_void),
        slot(ffi::Py_tp_hash, hash as *mut c_void),
        slot(ffi::Py_tp_richcompare, richcompare as *mut c_void),
        slot(
            ffi::Py_tp_getset,
            Box::leak(getset.into_boxed_slice()).as_mut_ptr().cast(),
        ),
        slot(
            ffi::Py_tp_methods,
            Box::leak(methods.into_boxed_slice()).as_mut_ptr().cast(),
        ),
        slot(
            ffi::Py_tp_doc,
            c"A move: its PMN (every game), SAN and UCI (chess; None elsewhere), and the cells \
              and pieces its PMN names."
                .as_ptr() as *mut c_void,
        ),
        slot(0, ptr::null_mut()),
    ];
    let mut spec = ffi::PyType_Spec {
        name: c"tegoma.Move".as_ptr() as *const c_char,
        basicsize: std::mem::size_of::<MoveObject>() as c_int,
        itemsize: 0,
        flags: ffi::Py_TPFLAGS_DEFAULT as _,
        slots: slots.as_mut_ptr(),
    };
    // SAFETY: the spec and its tables are valid (the tables leaked, the spec read during the
    // call only); the result is a new reference to a type, or null with an exception set.
    unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyType_FromSpec(&mut spec))?
            .cast_into::<PyType>()
            .map(Bound::unbind)
            .map_err(Into::into)
    }
}
