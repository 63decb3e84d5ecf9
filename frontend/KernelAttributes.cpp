//===- KernelAttributes.cpp - SYCL's kernel attributes for clang ----------===//
//
// A clang plugin (loaded with -fplugin=SublaneClangPlugin.so; the wrapper and
// the CMake package load it) that gives clang SYCL 2020's kernel attributes
// outside SYCL mode, on a kernel functor's operator(), a free kernel
// function, or a lambda, before or after its parameters:
//   [[sycl::reqd_sub_group_size(N)]] (also intel::): the annotation
//     "sublane.reqd_sub_group_size=N", the kernel's sub-group size;
//   [[sycl::reqd_work_group_size(A[, B[, C]])]]: the annotation
//     "sublane.reqd_work_group_size=A,B,C", which sublane-prepare puts in the
//     kernel's descriptor and the runtime checks each launch against;
//   [[sycl::work_group_size_hint(A[, B[, C]])]]: checked and dropped (a hint
//     the implementation may ignore).
// Sizes that depend on a template parameter become an annotation with the
// sizes as its arguments, which clang instantiates with the template.
//
// After a lambda's parameters, where the SYCL 2020 specification's examples
// put them, the attributes appertain to the call operator's type, and clang
// 19 gives plugins no type attributes: it reports "cannot be applied to
// types" and drops the attribute. The plugin's diagnostic consumer takes that
// report when each size is a literal, a macro for one or a name, undoes the
// error, and remembers the sizes and place; its AST consumer then annotates
// the call operator of the lambda whose parameters the place follows, before
// code generation sees it, resolving a name as an enclosing template's
// parameter or a constant in scope. An expression there stays an error,
// with a note on how to write it instead.
//
//===----------------------------------------------------------------------===//

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

using namespace clang;

namespace {

/// What the plugin knows of one kernel attribute.
struct KernelAttribute {
  StringRef Name;
  /// The scopes it is spelled with; "" is the bare spelling, which clang 19
  /// needs: it asks whether a [[scope::name]] attribute exists by its bare
  /// name before it parses the arguments.
  ArrayRef<StringRef> Scopes;
  unsigned MinArgs, MaxArgs;
  bool (*IsValid)(int64_t);
  /// The sizes it takes, for messages.
  StringRef Expected;
  /// The annotation it becomes; empty for an attribute checked and dropped.
  StringRef Annotation;
};

bool isValidSubGroupSize(int64_t N) {
  return N == 1 || N == 4 || N == 8 || N == 16 || N == 32 || N == 64;
}
bool isPositive(int64_t N) { return N > 0; }

constexpr StringRef SubGroupScopes[] = {"sycl", "intel", ""};
/// SYCL 1.2.1 spelled the work-group attributes cl::.
constexpr StringRef WorkGroupScopes[] = {"sycl", "cl", ""};

const KernelAttribute ReqdSubGroupSize = {"reqd_sub_group_size",
                                          SubGroupScopes,
                                          1,
                                          1,
                                          isValidSubGroupSize,
                                          "1, 4, 8, 16, 32 or 64",
                                          "sublane.reqd_sub_group_size"};
const KernelAttribute ReqdWorkGroupSize = {
    "reqd_work_group_size",
    WorkGroupScopes,
    1,
    3,
    isPositive,
    "one size of at least 1 per dimension",
    "sublane.reqd_work_group_size"};
const KernelAttribute WorkGroupSizeHint = {
    "work_group_size_hint",
    WorkGroupScopes,
    1,
    3,
    isPositive,
    "one size of at least 1 per dimension",
    ""};

const KernelAttribute *const AllAttributes[] = {
    &ReqdSubGroupSize, &ReqdWorkGroupSize, &WorkGroupSizeHint};

/// The attribute whose spelling starts \p Text, with \p Text moved past it.
const KernelAttribute *consumeSpelling(StringRef &Text) {
  for (const KernelAttribute *A : AllAttributes)
    for (StringRef Scope : A->Scopes) {
      StringRef Rest = Text;
      if (!Scope.empty() &&
          !(Rest.consume_front(Scope) && Rest.consume_front("::")))
        continue;
      if (!Rest.consume_front(A->Name))
        continue;
      if (!Rest.empty() && (isalnum(Rest.front()) || Rest.front() == '_'))
        continue;
      Text = Rest;
      return A;
    }
  return nullptr;
}

std::string getAnnotation(const KernelAttribute &A, ArrayRef<int64_t> Sizes) {
  std::string Text = (A.Annotation + "=").str();
  for (auto [I, Size] : llvm::enumerate(Sizes))
    Text += (I ? "," : "") + std::to_string(Size);
  return Text;
}

/// Argument \p I as an expression. Clang parses a lone identifier in a
/// plugin attribute's parentheses as a bare name, not an expression
/// ('reqd_sub_group_size(SgSize)' with a constexpr variable or a template
/// parameter), so the name is looked up here as an id-expression would be.
Expr *getSizeArgument(Sema &S, const ParsedAttr &Attr, unsigned I) {
  if (Attr.isArgExpr(I))
    return Attr.getArgAsExpr(I);
  IdentifierLoc *Name = Attr.getArgAsIdent(I);
  if (!Name || !Name->Ident)
    return nullptr;
  CXXScopeSpec Qualifier;
  UnqualifiedId Id;
  Id.setIdentifier(Name->Ident, Name->Loc);
  ExprResult E = S.ActOnIdExpression(S.getCurScope(), Qualifier,
                                     /*TemplateKWLoc=*/SourceLocation(), Id,
                                     /*HasTrailingLParen=*/false,
                                     /*IsAddressOfOperand=*/false);
  return E.isUsable() ? E.get() : nullptr;
}

template <const KernelAttribute &A>
struct KernelAttrInfo : public ParsedAttrInfo {
  std::vector<Spelling> OwnSpellings;
  std::vector<std::string> Names;

  KernelAttrInfo() {
    // Clang counts a plugin attribute's arguments itself only up to OptArgs;
    // the handler checks the count.
    OptArgs = A.MaxArgs;
    for (StringRef Scope : A.Scopes)
      Names.push_back(Scope.empty() ? A.Name.str()
                                    : (Scope + "::" + A.Name).str());
    for (const std::string &Name : Names)
      OwnSpellings.push_back({ParsedAttr::AS_CXX11, Name.c_str()});
    Spellings = OwnSpellings;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (isa<FunctionDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << Attr << Attr.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    SmallVector<Expr *, 3> Args;
    bool Dependent = false;
    for (unsigned I = 0; I < Attr.getNumArgs(); ++I) {
      Args.push_back(getSizeArgument(S, Attr, I));
      Dependent |= Args.back() && Args.back()->isValueDependent();
    }
    bool CountOk = Args.size() >= A.MinArgs && Args.size() <= A.MaxArgs;
    if (CountOk && Dependent && llvm::all_of(Args, [](Expr *E) { return E; })) {
      // A template's sizes are known only once it is instantiated; clang
      // instantiates an annotation's arguments, and sublane-prepare checks
      // the values it gets.
      if (!A.Annotation.empty())
        D->addAttr(AnnotateAttr::Create(S.Context, A.Annotation, Args.data(),
                                        Args.size(), Attr.getRange()));
      return AttributeApplied;
    }
    SmallVector<int64_t, 3> Sizes;
    for (Expr *Arg : Args) {
      std::optional<llvm::APSInt> Size =
          Arg ? Arg->getIntegerConstantExpr(S.Context) : std::nullopt;
      if (!Size || !A.IsValid(Size->getExtValue()))
        break;
      Sizes.push_back(Size->getExtValue());
    }
    if (!CountOk || Sizes.size() != Args.size()) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(DiagnosticsEngine::Error,
                                                       "'%0' takes %1: %2");
      S.Diag(Attr.getLoc(), ID) << A.Name
                                << (A.MaxArgs == 1 ? "a constant sub-group size"
                                                   : "1 to 3 constant sizes")
                                << A.Expected;
      return AttributeNotApplied;
    }
    if (!A.Annotation.empty())
      D->addAttr(AnnotateAttr::Create(S.Context, getAnnotation(A, Sizes),
                                      nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

/// Attributes written after a lambda's parameters, where clang dropped them:
/// the attribute, its place and its sizes, until a lambda claims them.
struct TypePositionAttrs {
  struct Size {
    /// The size, or the name that gives it (a template parameter or a
    /// constant), resolved once the lambda is complete.
    std::optional<int64_t> Literal;
    std::string Name;
  };
  struct Attr {
    const KernelAttribute *Kind;
    SourceLocation Loc;
    SmallVector<Size, 3> Sizes;
  };
  SmallVector<Attr> Pending;
};

/// An integer literal with an optional suffix, all of \p Text.
std::optional<uint64_t> parseIntegerLiteral(StringRef Text) {
  uint64_t Value;
  if (Text.consumeInteger(0, Value))
    return std::nullopt;
  Text = Text.ltrim("uUlLzZ");
  if (!Text.empty())
    return std::nullopt;
  return Value;
}

/// One size after a lambda's parameters: a literal or an object-like macro
/// that is one ("16", "SG" with "#define SG 16"), or the name that gives it.
std::optional<TypePositionAttrs::Size> parseSize(StringRef Arg,
                                                 const Preprocessor &PP) {
  auto IsName = [](StringRef A) {
    return !A.empty() && (isalpha(A.front()) || A.front() == '_') &&
           llvm::all_of(A, [](char C) { return isalnum(C) || C == '_'; });
  };
  // A macro that stands for a literal, through a few levels of macros.
  for (unsigned Depth = 0; Depth < 4 && IsName(Arg); ++Depth) {
    const IdentifierInfo *Name = PP.getIdentifierInfo(Arg);
    if (!Name || !Name->hasMacroDefinition())
      return TypePositionAttrs::Size{std::nullopt, Arg.str()};
    const MacroInfo *Macro = PP.getMacroInfo(Name);
    if (!Macro || !Macro->isObjectLike() || Macro->getNumTokens() != 1)
      return std::nullopt;
    const Token &T = Macro->getReplacementToken(0);
    if (!T.is(tok::numeric_constant) && !T.is(tok::identifier))
      return std::nullopt;
    Arg = T.is(tok::identifier) ? T.getIdentifierInfo()->getName()
                                : StringRef(T.getLiteralData(), T.getLength());
  }
  // A literal the attribute does not take is kept, to be refused with the
  // sizes it takes once a lambda claims it.
  std::optional<uint64_t> Size = parseIntegerLiteral(Arg);
  if (!Size)
    return std::nullopt;
  return TypePositionAttrs::Size{int64_t(*Size), ""};
}

/// The sizes of \p Kind's attribute whose arguments start \p Text
/// ("( 16 )", "(SG)", "(8, 8)"), if each is a literal, a macro for one or a
/// name.
std::optional<SmallVector<TypePositionAttrs::Size, 3>>
parseSizes(StringRef Text, const KernelAttribute &Kind,
           const Preprocessor &PP) {
  Text = Text.ltrim();
  if (!Text.consume_front("("))
    return std::nullopt;
  size_t Close = Text.find(')');
  if (Close == StringRef::npos)
    return std::nullopt;
  SmallVector<StringRef, 3> Args;
  Text.take_front(Close).split(Args, ',');
  if (Args.size() < Kind.MinArgs || Args.size() > Kind.MaxArgs)
    return std::nullopt;
  SmallVector<TypePositionAttrs::Size, 3> Sizes;
  for (StringRef Arg : Args) {
    std::optional<TypePositionAttrs::Size> Size = parseSize(Arg.trim(), PP);
    if (!Size)
      return std::nullopt;
    Sizes.push_back(std::move(*Size));
  }
  return Sizes;
}

/// Forwards every diagnostic but clang's "cannot be applied to types" for a
/// kernel attribute whose sizes are literals, macros or names: that one it
/// undoes and remembers. For one with any other argument it adds a note on
/// where the attribute can go.
class TypePositionAdvisor : public DiagnosticConsumer {
  DiagnosticsEngine &Diags;
  const Preprocessor &PP;
  DiagnosticConsumer *Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
  std::shared_ptr<TypePositionAttrs> Attrs;
  bool ErrorSeen = false;

public:
  TypePositionAdvisor(DiagnosticsEngine &Diags, const Preprocessor &PP,
                      DiagnosticConsumer *Next,
                      std::unique_ptr<DiagnosticConsumer> Owned,
                      std::shared_ptr<TypePositionAttrs> Attrs)
      : Diags(Diags), PP(PP), Next(Next), Owned(std::move(Owned)),
        Attrs(std::move(Attrs)) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next->EndSourceFile(); }
  void finish() override { Next->finish(); }
  void clear() override { Next->clear(); }
  bool IncludeInDiagnosticCounts() const override {
    return Next->IncludeInDiagnosticCounts();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    StringRef Args;
    const KernelAttribute *Kind = getTypePositionAttribute(Info, Args);
    if (auto Sizes = Kind ? parseSizes(Args, *Kind, PP) : std::nullopt) {
      // Undone only as the first error: resetting the engine's counts then
      // leaves it as it was before, but for the count of warnings it prints
      // at the end. After another error the compilation fails anyway.
      if (!ErrorSeen)
        Diags.Reset(/*soft=*/true);
      Attrs->Pending.push_back({Kind, Info.getLocation(), std::move(*Sizes)});
      return;
    }
    if (Level >= DiagnosticsEngine::Error)
      ErrorSeen = true;
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Next->HandleDiagnostic(Level, Info);
    if (!Kind)
      return;
    PresumedLoc P = Info.getSourceManager().getPresumedLoc(Info.getLocation());
    llvm::errs() << P.getFilename() << ":" << P.getLine() << ":"
                 << P.getColumn()
                 << ": note: sublane: after a lambda's parameters the "
                    "attribute takes literal sizes, macros for them or "
                    "names; for an expression, write it before the "
                    "parameters, as in '[=] [[sycl::"
                 << Kind->Name << "(N)]] (sycl::nd_item<1> it) {...}'";
    if (Kind == &ReqdSubGroupSize)
      llvm::errs() << ", or pass 'sycl::ext::oneapi::experimental::"
                      "properties{sub_group_size<N>}' to parallel_for";
    llvm::errs() << "\n";
  }

private:
  /// The kernel attribute, and the text after its name, if \p Info is
  /// clang's refusal of one in a type's position.
  static const KernelAttribute *getTypePositionAttribute(const Diagnostic &Info,
                                                         StringRef &Args) {
    if (Info.getID() != diag::err_attribute_not_type_attr ||
        !Info.hasSourceManager() || Info.getLocation().isInvalid())
      return nullptr;
    Args = Info.getSourceManager().getCharacterData(Info.getLocation());
    return consumeSpelling(Args);
  }
};

/// Gives each remembered attribute to the lambda whose parameters it
/// follows, as each top-level declaration is complete and before code
/// generation sees it; warns at the end about attributes no lambda took.
class TypePositionConsumer : public ASTConsumer,
                             public RecursiveASTVisitor<TypePositionConsumer> {
  CompilerInstance &CI;
  std::shared_ptr<TypePositionAttrs> Attrs;

public:
  TypePositionConsumer(CompilerInstance &CI,
                       std::shared_ptr<TypePositionAttrs> Attrs)
      : CI(CI), Attrs(std::move(Attrs)) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    if (Attrs->Pending.empty())
      return true;
    for (Decl *D : Group)
      TraverseDecl(D);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    CompoundStmt *Body = L->getCompoundStmtBody();
    if (!Body)
      return true;
    const SourceManager &SM = CI.getSourceManager();
    SourceLocation Begin = L->getIntroducerRange().getEnd();
    SourceLocation End = Body->getLBracLoc();
    auto &Pending = Attrs->Pending;
    for (auto *It = Pending.begin(); It != Pending.end();) {
      if (!SM.isBeforeInTranslationUnit(Begin, It->Loc) ||
          !SM.isBeforeInTranslationUnit(It->Loc, End)) {
        ++It;
        continue;
      }
      annotate(L->getCallOperator(), *It);
      It = Pending.erase(It);
    }
    return true;
  }

  void annotate(CXXMethodDecl *Call, const TypePositionAttrs::Attr &Attr) {
    ASTContext &Ctx = CI.getASTContext();
    SourceRange Range(Attr.Loc);
    SmallVector<Expr *, 3> Args;
    SmallVector<int64_t, 3> Literals;
    bool Dependent = false;
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (const TypePositionAttrs::Size &Size : Attr.Sizes) {
      std::optional<int64_t> Value = Size.Literal;
      if (Value && !Attr.Kind->IsValid(*Value)) {
        Diags.Report(Attr.Loc,
                     Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                           "'%0' takes %1; %2 is not one"))
            << Attr.Kind->Name << Attr.Kind->Expected << *Value;
        return;
      }
      if (!Value)
        Value = resolveConstant(Call, *Attr.Kind, Size.Name);
      if (Value) {
        Literals.push_back(*Value);
        Args.push_back(IntegerLiteral::Create(
            Ctx, llvm::APInt(64, uint64_t(*Value), /*isSigned=*/true),
            Ctx.LongLongTy, Attr.Loc));
        continue;
      }
      // A template parameter of an enclosing template: the annotation takes
      // it as an argument, which clang instantiates with the template.
      NonTypeTemplateParmDecl *Param = findTemplateParameter(Call, Size.Name);
      if (!Param) {
        Diags.Report(Attr.Loc,
                     Diags.getCustomDiagID(
                         DiagnosticsEngine::Error,
                         "'%0' after a lambda's parameters takes a literal, a "
                         "macro for one, a template parameter or a constant: "
                         "%1; '%2' is none of these"))
            << Attr.Kind->Name << Attr.Kind->Expected << Size.Name;
        return;
      }
      Dependent = true;
      Args.push_back(DeclRefExpr::Create(
          Ctx, NestedNameSpecifierLoc(), SourceLocation(), Param,
          /*RefersToEnclosingVariableOrCapture=*/false, Attr.Loc,
          Param->getType().getNonReferenceType(), VK_PRValue));
    }
    if (Attr.Kind->Annotation.empty())
      return;
    if (Dependent)
      Call->addAttr(AnnotateAttr::CreateImplicit(
          Ctx, Attr.Kind->Annotation, Args.data(), Args.size(), Range));
    else
      Call->addAttr(AnnotateAttr::CreateImplicit(
          Ctx, getAnnotation(*Attr.Kind, Literals), nullptr, 0, Range));
  }

  /// The value of the constant \p Name in a scope enclosing \p Call, if it
  /// is a size \p Kind takes.
  std::optional<int64_t> resolveConstant(CXXMethodDecl *Call,
                                         const KernelAttribute &Kind,
                                         StringRef Name) {
    ASTContext &Ctx = CI.getASTContext();
    for (DeclContext *DC = Call->getParent(); DC; DC = DC->getParent())
      for (NamedDecl *D : DC->lookup(&Ctx.Idents.get(Name)))
        if (auto *Var = dyn_cast<VarDecl>(D)) {
          APValue *Value = Var->isUsableInConstantExpressions(Ctx)
                               ? Var->evaluateValue()
                               : nullptr;
          if (Value && Value->isInt() &&
              Kind.IsValid(Value->getInt().getExtValue())) {
            Var->setReferenced();
            Var->markUsed(Ctx);
            return Value->getInt().getExtValue();
          }
        }
    return std::nullopt;
  }

  static NonTypeTemplateParmDecl *findTemplateParameter(Decl *From,
                                                        StringRef Name) {
    for (DeclContext *DC = From->getDeclContext(); DC; DC = DC->getParent()) {
      TemplateParameterList *Params = nullptr;
      if (auto *F = dyn_cast<FunctionDecl>(DC)) {
        if (FunctionTemplateDecl *T = F->getDescribedFunctionTemplate())
          Params = T->getTemplateParameters();
      } else if (auto *R = dyn_cast<CXXRecordDecl>(DC)) {
        if (ClassTemplateDecl *T = R->getDescribedClassTemplate())
          Params = T->getTemplateParameters();
        else if (auto *P = dyn_cast<ClassTemplatePartialSpecializationDecl>(R))
          Params = P->getTemplateParameters();
      }
      if (!Params)
        continue;
      for (NamedDecl *P : *Params)
        if (auto *NTTP = dyn_cast<NonTypeTemplateParmDecl>(P))
          if (NTTP->getName() == Name)
            return NTTP;
    }
    return nullptr;
  }

  void HandleTranslationUnit(ASTContext &) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Warning,
        "'%0' ignored: in a type's position it applies only after a lambda's "
        "parameters");
    for (const TypePositionAttrs::Attr &Attr : Attrs->Pending)
      Diags.Report(Attr.Loc, ID) << Attr.Kind->Name;
    Attrs->Pending.clear();
  }
};

/// Installs the advisor in front of clang's diagnostic printer and the
/// consumer that hands the sizes it keeps to lambdas.
class InstallAdvisor : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    std::unique_ptr<DiagnosticConsumer> Owned =
        Diags.ownsClient() ? Diags.takeClient() : nullptr;
    DiagnosticConsumer *Next = Owned ? Owned.get() : Diags.getClient();
    auto Attrs = std::make_shared<TypePositionAttrs>();
    Diags.setClient(new TypePositionAdvisor(Diags, CI.getPreprocessor(), Next,
                                            std::move(Owned), Attrs),
                    /*ShouldOwnClient=*/true);
    return std::make_unique<TypePositionConsumer>(CI, std::move(Attrs));
  }
  bool ParseArgs(const CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static ParsedAttrInfoRegistry::Add<KernelAttrInfo<ReqdSubGroupSize>>
    ReqdSubGroupSizeRegistration(
        "sublane_reqd_sub_group_size",
        "SYCL's reqd_sub_group_size for sublane kernels");
static ParsedAttrInfoRegistry::Add<KernelAttrInfo<ReqdWorkGroupSize>>
    ReqdWorkGroupSizeRegistration(
        "sublane_reqd_work_group_size",
        "SYCL's reqd_work_group_size for sublane kernels");
static ParsedAttrInfoRegistry::Add<KernelAttrInfo<WorkGroupSizeHint>>
    WorkGroupSizeHintRegistration(
        "sublane_work_group_size_hint",
        "SYCL's work_group_size_hint, accepted and ignored");
static FrontendPluginRegistry::Add<InstallAdvisor>
    AdvisorRegistration("sublane-kernel-attribute-advisor",
                        "takes SYCL's kernel attributes after a lambda's "
                        "parameters");
